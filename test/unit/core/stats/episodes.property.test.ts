// Random histories, written the way the reporter and the resolver write them (and people meddle), and what
// the episodes rebuilt from them must always satisfy.
import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { OCCURRENCE_MARKER, RECOVERY_MARKER } from '../../../../lib/core/text/comment-text.ts'
import { REGRESSION_MARKER } from '../../../../lib/core/find/regression.ts'
import { needsComments, rebuildEpisodes, type IssueRecord } from '../../../../lib/core/stats/episodes.ts'

type Action = 'fail' | 'fail-new-commit' | 'recover' | 'hand-close' | 'regress' | 'duplicate' | 'chatter'
interface Step {
  readonly env: 'production' | 'staging'
  readonly action: Action
  readonly pick: number
  readonly gap: number
}

interface SimIssue {
  number: number
  title: string
  env: string
  state: 'open' | 'closed'
  createdAt: Date
  closedAt?: Date
  closedAs?: 'completed' | 'not_planned' | 'duplicate'
  comments: { body: string; createdAt: Date }[]
  recovered: boolean
}

/** What the simulation knows to be true, to compare the rebuilt episodes with. */
interface Truth {
  failures: number
  episodes: Map<string, number>
  recoveries: number
  issues: SimIssue[]
}

const occurrence = `${OCCURRENCE_MARKER}\n### Failed again: occurrence 2\n`
const regression = `${OCCURRENCE_MARKER}\n${REGRESSION_MARKER}\n### Failed again 5 minutes after recovery: occurrence 3\n`
const recovery = `${RECOVERY_MARKER}\n### Deploy recovered\n`

function simulate(steps: readonly Step[]): Truth {
  const issues: SimIssue[] = []
  const truth: Truth = { failures: 0, episodes: new Map(), recoveries: 0, issues }
  let clock = Date.UTC(2026, 0, 1)
  let commit = 0
  const failing = (env: string) => issues.filter((i) => i.env === env && i.state === 'open' && !i.recovered)
  const startEpisodeIfHealthy = (env: string) => {
    if (failing(env).length === 0) truth.episodes.set(env, (truth.episodes.get(env) ?? 0) + 1)
  }
  const file = (env: string, at: Date): SimIssue => {
    const issue: SimIssue = { number: issues.length + 1, title: `[DEPLOY FAIL] ${env} — c${++commit} — 2026-01-01`, env, state: 'open', createdAt: at, comments: [], recovered: false }
    issues.push(issue)
    return issue
  }
  for (const step of steps) {
    clock += step.gap * 1000
    const at = new Date(clock)
    const open = failing(step.env)
    const pick = <T>(list: readonly T[]) => list[step.pick % list.length]
    switch (step.action) {
      case 'fail':
      case 'fail-new-commit': {
        truth.failures++
        const holder = step.action === 'fail' ? pick(open) : undefined
        startEpisodeIfHealthy(step.env)
        if (holder) holder.comments.push({ body: occurrence, createdAt: at })
        else file(step.env, at)
        break
      }
      case 'duplicate': {
        // A run that lost the race files, sees the older issue and closes its own as its duplicate.
        if (!open.length) break
        truth.failures++
        const dup = file(step.env, at)
        Object.assign(dup, { state: 'closed', closedAt: new Date(clock + 2000), closedAs: 'duplicate' })
        clock += 2000
        break
      }
      case 'recover':
        for (const issue of open) {
          issue.comments.push({ body: recovery, createdAt: at })
          Object.assign(issue, { state: 'closed', closedAt: new Date(clock + 1000), closedAs: 'completed', recovered: true })
          truth.recoveries++
        }
        clock += 1000
        break
      case 'hand-close': {
        const issue = pick(open)
        if (issue) Object.assign(issue, { state: 'closed', closedAt: at, closedAs: step.pick % 2 ? 'not_planned' : 'completed' })
        break
      }
      case 'regress': {
        // The reporter reopens the issue the resolver closed last, with its regression comment.
        const closed = issues.filter((i) => i.env === step.env && i.recovered && i.state === 'closed')
        const issue = closed.at(-1)
        if (!issue) break
        truth.failures++
        startEpisodeIfHealthy(step.env)
        issue.comments.push({ body: regression, createdAt: at })
        Object.assign(issue, { state: 'open', closedAt: undefined, closedAs: undefined, recovered: false })
        break
      }
      case 'chatter': {
        const issue = pick(issues)
        if (issue) issue.comments.push({ body: 'Looking into it', createdAt: at })
        break
      }
    }
  }
  return truth
}

const toRecord = (issue: SimIssue, withComments = true): IssueRecord => ({
  issue: {
    number: issue.number,
    title: issue.title,
    state: issue.state,
    createdAt: issue.createdAt,
    ...(issue.state === 'closed' ? { closedAt: issue.closedAt, closedAs: issue.closedAs } : {}),
    commentCount: issue.comments.length,
  },
  ...(withComments ? { comments: issue.comments } : {}),
})

const steps = fc.array(
  fc.record({
    env: fc.constantFrom('production' as const, 'staging' as const),
    action: fc.constantFrom<Action>('fail', 'fail', 'fail-new-commit', 'recover', 'recover', 'hand-close', 'regress', 'duplicate', 'chatter'),
    pick: fc.nat(),
    gap: fc.integer({ min: 1, max: 200_000 }),
  }),
  { maxLength: 60 },
)

test('every failed run is counted once, in exactly one episode', () => {
  fc.assert(
    fc.property(steps, (s) => {
      const truth = simulate(s)
      const episodes = rebuildEpisodes(truth.issues.map((i) => toRecord(i)))
      assert.is(episodes.reduce((n, e) => n + e.runs.length, 0), truth.failures)
    }),
    { numRuns: 300 },
  )
})

test('durations are never negative, runs lie inside their episode, and episodes of an environment never overlap', () => {
  fc.assert(
    fc.property(steps, (s) => {
      const episodes = rebuildEpisodes(simulate(s).issues.map((i) => toRecord(i)))
      const lastEnd = new Map<string, number>()
      for (const e of episodes) {
        assert.is(e.runs[0]!.getTime(), e.start.getTime())
        for (const run of e.runs) assert.ok(run >= e.start)
        if (e.end) {
          assert.ok(e.end >= e.start, 'end before start')
          assert.ok(e.end >= e.runs.at(-1)!, 'a run after the end')
        } else assert.is(e.ending, 'failing')
        assert.ok((lastEnd.get(e.environment) ?? -Infinity) < e.start.getTime(), 'overlapping episodes')
        lastEnd.set(e.environment, e.end?.getTime() ?? Infinity)
      }
    }),
    { numRuns: 300 },
  )
})

test('episodes match the simulation: a reopen is a new one, a duplicate and a second commit are not', () => {
  fc.assert(
    fc.property(steps, (s) => {
      const truth = simulate(s)
      const episodes = rebuildEpisodes(truth.issues.map((i) => toRecord(i)))
      for (const env of ['production', 'staging']) assert.is(episodes.filter((e) => e.environment === env).length, truth.episodes.get(env) ?? 0, env)
      // Only the resolver's recovery ends an episode as recovered; a close by hand never does.
      assert.ok(episodes.filter((e) => e.ending === 'recovered').length <= truth.recoveries)
    }),
    { numRuns: 300 },
  )
})

test('comments skipped where the comment count rules them out change nothing', () => {
  fc.assert(
    fc.property(steps, (s) => {
      const truth = simulate(s)
      // The count rule takes a lone comment on an issue closed as completed for the resolver's: hold it to that.
      const lone = truth.issues.filter((i) => !needsComments(toRecord(i).issue) && i.comments.length === 1)
      fc.pre(lone.every((i) => i.comments[0]!.body === recovery))
      const full = rebuildEpisodes(truth.issues.map((i) => toRecord(i)))
      const lean = rebuildEpisodes(truth.issues.map((i) => toRecord(i, needsComments(toRecord(i).issue))))
      assert.equal(lean, full)
    }),
    { numRuns: 300 },
  )
})

test('a close by hand ends the episode as closed by hand, not as a recovery', () => {
  const created = new Date('2026-03-01T10:00:00Z')
  const closedAt = new Date('2026-03-01T12:00:00Z')
  const [episode] = rebuildEpisodes([
    { issue: { number: 4, title: '[DEPLOY FAIL] production — abc — 2026-03-01', state: 'closed', createdAt: created, closedAt, closedAs: 'not_planned', commentCount: 1 }, comments: [{ body: occurrence, createdAt: new Date('2026-03-01T11:00:00Z') }] },
  ])
  assert.equal(episode, { environment: 'production', start: created, end: closedAt, ending: 'closed by hand', runs: [created, new Date('2026-03-01T11:00:00Z')], issues: [4] })
})

test('a duplicate closed as not planned with a "Duplicate of" comment never ends its original\'s outage', () => {
  const t = (hms: string) => new Date(`2026-03-01T${hms}Z`)
  const title = '[DEPLOY FAIL] production — abc — 2026-03-01'
  const episodes = rebuildEpisodes([
    { issue: { number: 7, title, state: 'closed', createdAt: t('10:00:00'), closedAt: t('10:30:00'), closedAs: 'completed', commentCount: 1 } },
    // The losing run's close came late (its retries), after the original had already recovered.
    { issue: { number: 8, title, state: 'closed', createdAt: t('10:00:30'), closedAt: t('10:31:00'), closedAs: 'not_planned', commentCount: 1 }, comments: [{ body: 'Duplicate of #7\n\nAnother run …', createdAt: t('10:31:00') }] },
  ])
  assert.equal(episodes.map((e) => [e.ending, e.end, e.runs.length, e.issues]), [['recovered', t('10:30:00'), 2, [7, 8]]])
})

test('issues not in the reporter title format hold no episode', () => {
  assert.equal(rebuildEpisodes([{ issue: { number: 1, title: 'production is slow', state: 'open', createdAt: new Date(), commentCount: 0 } }]), [])
})

test.run()
