// The `### What changed` section, the chat line and the JSON entry: each case in its words, hostile
// titles and subjects escaped, people named plainly unless mentions are asked for, bots never pinged.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChangeCommit, ChangePull, Changes } from '../../../../lib/core/changes.ts'
import { changedLine, changesEntry, renderWhatChanged, MAX_CHANGE_LINES } from '../../../../lib/core/text/what-changed.ts'
import { authorAssignees, isBot } from '../../../../lib/core/text/authors.ts'
import { renderBody, renderChat, type Failure } from '../../../../lib/core/text/issue.ts'
import { BODY_LIMIT, COMMENT_LIMIT } from '../../../../lib/core/text/budget.ts'
import { renderOccurrence } from '../../../../lib/core/text/comment-text.ts'

const NOW = new Date('2026-11-26T12:00:00Z')
const TWO_HOURS_AGO = new Date('2026-11-26T10:00:00Z')
const BASE = 'a'.repeat(40)
const HEAD = 'b'.repeat(40)
const sha = (n: number) => n.toString(16).padStart(3, '0').padEnd(40, 'c')
const commit = (n: number, extra: Partial<ChangeCommit> = {}): ChangeCommit => ({ sha: sha(n), subject: `subject ${n}`, author: `Author ${n}`, ...extra })
const pull = (number: number, author: string | null, title = `title ${number}`): ChangePull => ({ number, title, author, url: `https://github.com/acme/shop/pull/${number}` })
const COMPARE = `https://github.com/acme/shop/compare/${BASE}...${HEAD}`

const changes = (over: Partial<Changes> = {}): Changes => ({
  status: 'ahead',
  base: BASE,
  head: HEAD,
  baseAt: TWO_HOURS_AGO,
  source: 'GitHub deployments',
  commits: [],
  total: 0,
  behindBy: 0,
  pulls: [],
  pullOf: new Map(),
  compareUrl: COMPARE,
  ...over,
})

test('ahead: the counts, the base and its age, one line per pull request, then the commits in none, then the authors', () => {
  const c = changes({
    commits: [commit(1), commit(2, { login: 'carol' }), commit(3)],
    total: 3,
    pulls: [pull(12, 'alice')],
    pullOf: new Map([[sha(1), 12]]),
  })
  const section = renderWhatChanged(c, { now: NOW })
  assert.is(
    section,
    [
      '### What changed',
      `**1 pull request and 3 commits** since the last good deploy (\`aaaaaaa\`, 2 h ago): [compare](${COMPARE})`,
      '',
      '- title 12 ([#12](https://github.com/acme/shop/pull/12)) by alice',
      '- subject 2 (`002cccc`) by carol',
      '- subject 3 (`003cccc`) by Author 3',
      '',
      '**Authors:** alice, carol, Author 3',
    ].join('\n'),
  )
  assert.is(changedLine(c, NOW), '1 PR, 3 commits since aaaaaaa (2 h ago)')
})

test('the plain cases, each one line', () => {
  const view = { now: NOW, environment: 'production' }
  assert.is(renderWhatChanged(changes({ status: 'identical' }), view), '### What changed\nNo code change since the last good deploy (`aaaaaaa`, 2 h ago): the failure is not in the code.')
  assert.match(renderWhatChanged(changes({ status: 'behind', behindBy: 4 }), view), /older than the last good deploy \(`aaaaaaa`, 2 h ago\): a rollback by 4 commits/)
  const diverged = renderWhatChanged(changes({ status: 'diverged', total: 2 }), view)
  assert.ok(diverged.includes('`aaaaaaa`') && diverged.includes('`bbbbbbb`') && diverged.includes('diverged'), diverged)
  assert.is(renderWhatChanged(changes({ status: 'none', base: null, baseAt: undefined, compareUrl: null }), view), '### What changed\nNo earlier good deploy of `production` was found, so there is nothing to compare this commit with.')
  // Only the newest deployments read, and more left: the line says among how many, as the source named them.
  const among = changes({ status: 'none', base: null, baseAt: undefined, compareUrl: null, among: { count: 10, of: 'deployments' } })
  assert.is(renderWhatChanged(among, view), '### What changed\nNo earlier good deploy of `production` was found among its 10 newest deployments (older ones were not read), so there is nothing to compare this commit with.')
  assert.match(renderWhatChanged(changes({ status: 'gone' }), view), /commit \(`aaaaaaa`, 2 h ago\) is no longer in the repository/)
  assert.is(changedLine(changes({ status: 'identical' }), NOW), 'no code change since aaaaaaa (2 h ago)')
  assert.is(changedLine(changes({ status: 'none', base: null }), NOW), 'no earlier good deploy found')
})

test('at most 20 lines, then "and N more" with the compare link, counting commits the comparison did not list', () => {
  const commits = Array.from({ length: 30 }, (_, i) => commit(i + 1))
  const section = renderWhatChanged(changes({ commits, total: 260 }), { now: NOW })
  const lines = section.split('\n').filter((line) => line.startsWith('- '))
  assert.is(lines.length, MAX_CHANGE_LINES + 1)
  assert.is(lines.at(-1), `- … and ${30 - 20 + (260 - 30)} more: [see the comparison](${COMPARE})`)
  assert.ok(section.includes('**260 commits**'))
})

test('hostile titles, subjects and names cannot add structure, HTML, mentions, references or quick actions', () => {
  const hostile = '</details><img src=x onerror=alert(1)> @everyone #1 ## heading\n/close ![x](http://t/) ~label !3'
  const c = changes({ commits: [commit(1, { subject: hostile, author: '@admin' }), commit(2)], total: 2, pulls: [pull(7, 'mallory', hostile)], pullOf: new Map([[sha(2), 7]]) })
  for (const flavor of ['github', 'gitlab'] as const) {
    const section = renderWhatChanged(c, { now: NOW, flavor })
    assert.not.match(section, /(^|[^\\])<(details|img)/)
    assert.not.match(section, /(^|[^\w])@everyone/)
    assert.not.match(section, /(^|[^\w])@admin/)
    assert.not.match(section, /^\/close/m)
    assert.not.match(section, /\n## heading/)
    if (flavor === 'gitlab') assert.not.match(section, /~label|!3/)
  }
})

test('mentions: plain names by default; REPORT_MENTION=authors @mentions people, each once, at most 10, never bots', () => {
  const logins = Array.from({ length: 12 }, (_, i) => `dev${i}`)
  const pulls = [pull(1, 'dependabot[bot]'), pull(2, 'renovate'), ...logins.map((login, i) => pull(10 + i, login)), pull(99, 'dev0')]
  const c = changes({ commits: [], total: 14, pulls })
  const plain = renderWhatChanged(c, { now: NOW })
  assert.not.match(plain, /@dev/)
  const mentioned = renderWhatChanged(c, { now: NOW, mention: true })
  const authorsLine = mentioned.split('\n').find((line) => line.startsWith('**Authors:**'))!
  assert.is((authorsLine.match(/@dev\d+/g) ?? []).length, 10)
  assert.ok(authorsLine.includes('dependabot[bot]') && !authorsLine.includes('@dependabot') && !authorsLine.includes('@renovate'), authorsLine)
  assert.is(authorsLine.split('dev0,').length - 1, 1)
  // The chat line names no one.
  assert.not.match(changedLine(c, NOW), /dev|bot/)
})

test('assignees: after REPORT_ASSIGNEES, no repeats, no bots, at most 10 in all', () => {
  assert.ok(isBot('dependabot[bot]') && isBot('renovate') && isBot('github-actions[bot]') && !isBot('renovator-jane'))
  const c = changes({ pulls: [pull(1, 'Alice'), pull(2, 'dependabot[bot]'), pull(3, 'bob')], commits: [commit(4, { login: 'carol' }), commit(5)], total: 5 })
  assert.equal(authorAssignees(c, ['alice']), ['bob', 'carol'])
  assert.equal(authorAssignees(c, Array.from({ length: 9 }, (_, i) => `ops${i}`)), ['Alice'])
})

test('the JSON entry: base, head, status, the count, the pull requests, the authors and the compare link', () => {
  const c = changes({ commits: [commit(1), commit(2)], total: 2, pulls: [pull(5, 'alice')], pullOf: new Map([[sha(1), 5]]) })
  assert.equal(changesEntry(c), { base: BASE, head: HEAD, status: 'ahead', commits: 2, pulls: [pull(5, 'alice')], authors: ['alice', 'Author 2'], compareUrl: COMPARE })
})

const failure: Failure = { environment: 'production', commitSha: HEAD, commitMessage: 'msg', reason: 'Deploy job failed', pipelineUrl: 'https://ci.example/1', time: NOW }

test('the body: without changes it is unchanged; with them the section follows the Failure Reason (or What failed) and precedes the log excerpt', () => {
  const without = renderBody(failure)
  const c = changes({ status: 'identical' })
  const body = renderBody({ ...failure, changes: c })
  assert.is(body.replace(/### What changed\n[^\n]*\n\n/, ''), without)
  assert.ok(body.indexOf('### Failure Reason') < body.indexOf('### What changed') && body.indexOf('### What changed') < body.indexOf('### Required Actions'))
  const withFailed = renderBody({ ...failure, changes: c, failed: [{ id: '1', name: 'deploy', url: 'https://ci.example/j/1', steps: [], running: false }], log: { text: 'boom', source: 'log.txt' } })
  assert.ok(withFailed.indexOf('### What failed') < withFailed.indexOf('### What changed') && withFailed.indexOf('### What changed') < withFailed.indexOf('boom'))
  assert.is(renderChat(failure).includes('Changed:'), false)
  assert.match(renderChat({ ...failure, changes: c }), /\nChanged: no code change since aaaaaaa \(2 h ago\)\nPipeline:/)
})

test('the authors line is bounded: with a hundred long names and a long message and reason the body stays within GitHub\'s limit', () => {
  // Git author names are whatever the pusher typed; each is cut to 200 characters, but a hundred of them
  // made the section 29 KB, more than the body's budget leaves it beside a long message and reason.
  const many = changes({ commits: Array.from({ length: 100 }, (_, i) => commit(i, { subject: 's'.repeat(300), author: `${i} ${'n'.repeat(300)}` })), total: 100 })
  const body = renderBody({ ...failure, commitMessage: 'm'.repeat(60_000), reason: 'r'.repeat(60_000), changes: many })
  assert.ok(body.length <= BODY_LIMIT, `${body.length}`)
  const authors = renderWhatChanged(many, { now: NOW }).split('\n').find((line) => line.startsWith('**Authors:**'))!
  assert.is(authors.split(', ').length, 21)
  assert.match(authors, /, and 80 more$/)
})

// The audit's body: every part at the size its source allows, none past it. Twenty pull requests whose
// titles are Markdown the escaping grows (each still within its 200 characters once rendered), GitLab's
// longest usernames (255 characters) and 250-character merge request addresses, hundreds of commits, a
// failed job matrix and three CI logs, beside a long commit message, reason and log.
const AUDIT_USER = (i: number) => `${'u'.repeat(252)}${String(i).padStart(3, '0')}`
const AUDIT_URL = (n: number) => `https://gitlab.example/${'g'.repeat(200)}/shop/-/merge_requests/${n}`.padEnd(250, '0')
const audit = changes({
  commits: Array.from({ length: 200 }, (_, i) => commit(i, { subject: '<b>#1 @x '.repeat(40), author: AUDIT_USER(i), login: AUDIT_USER(i) })),
  total: 400,
  pulls: Array.from({ length: 20 }, (_, i) => ({ number: 100_000 + i, title: '<b>#1 @x ~y !2 '.repeat(30), author: AUDIT_USER(500 + i), url: AUDIT_URL(100_000 + i) })),
  compareUrl: `https://gitlab.example/${'g'.repeat(200)}/shop/-/compare/${BASE}...${HEAD}`,
})
const auditJob = (i: number) => ({ id: String(i), name: `deploy ${'<x>'.repeat(100)} ${i}`, url: AUDIT_URL(i), running: false, steps: [{ name: `step ${'[y]'.repeat(100)}`, number: 1, url: `${AUDIT_URL(i)}#s` }] })
const auditLog = (n: number) => ({ text: `line ${n}\n`.repeat(20_000), source: `deploy ${'<x>'.repeat(400)}`, jobUrl: AUDIT_URL(n) })
const auditFailure: Failure = {
  ...failure,
  commitMessage: 'm'.repeat(70_000),
  reason: 'r'.repeat(70_000),
  changes: audit,
  failed: Array.from({ length: 40 }, (_, i) => auditJob(i)),
}

test('the body stays within its limit whatever What changed and What failed hold, for both trackers', () => {
  for (const flavor of ['github', 'gitlab'] as const) {
    for (const extra of [{ log: auditLog(0) }, { ciLogs: [auditLog(1), auditLog(2), auditLog(3)] }]) {
      const f = { ...auditFailure, ...extra }
      for (const limit of [BODY_LIMIT, 40_000]) {
        const body = renderBody(f, flavor, limit)
        assert.ok(body.length <= limit, `${flavor} ${Object.keys(extra)} ${limit}: ${body.length}`)
        for (const heading of ['## Deploy Failure Report', '### Commit Message', '### Failure Reason', '### What failed', '### What changed', '### Required Actions']) {
          assert.ok(body.includes(`\n${heading}\n`) || body.startsWith(`${heading}\n`), heading)
        }
        assert.ok(body.endsWith('\n---\n*This issue was generated automatically by the deployment monitoring script.*\n'))
      }
    }
  }
})

test('given less room, the section drops lines first, then names, each counted; the heading and summary stay', () => {
  const c = changes({ commits: Array.from({ length: 30 }, (_, i) => commit(i + 1, { author: `Author ${i + 1} ${'n'.repeat(150)}` })), total: 30 })
  const full = renderWhatChanged(c, { now: NOW })
  assert.is(renderWhatChanged(c, { now: NOW }, full.length), full, 'what fits is left as it is')
  const [heading, summary] = full.split('\n')
  const listed = (section: string) => section.split('\n').filter((line) => /^- [^…]/.test(line)).length
  let previous = full
  for (let max = full.length - 1; max > 0; max -= 500) {
    const section = renderWhatChanged(c, { now: NOW }, max)
    const lines = section.split('\n')
    assert.equal(lines.slice(0, 2), [heading, summary])
    const kept = listed(section)
    assert.ok(kept <= listed(previous))
    assert.ok(lines.includes(`- … and ${30 - kept} more: [see the comparison](${COMPARE})`), section)
    const authors = lines.find((line) => line.startsWith('**Authors:**'))!
    // Names go only once every line has gone.
    if (kept > 0) assert.match(authors, /, and 10 more$/)
    const smallest = renderWhatChanged(c, { now: NOW }, 0)
    if (max >= smallest.length) assert.ok(section.length <= max, `${section.length} > ${max}`)
    else assert.is(section, smallest)
    previous = section
  }
  assert.match(renderWhatChanged(c, { now: NOW }, 0), /\n\*\*Authors:\*\* 30 authors, not named for want of room$/)
  assert.match(renderWhatChanged(c, { now: NOW }, full.length - 2_000), /\n- … and \d+ more: /)
})

test('an address longer than FIELD_LIMIT is not linked, so the smallest section stays small', () => {
  const long = `https://gitlab.example/${'g'.repeat(2_000)}/compare`
  const section = renderWhatChanged(changes({ commits: [commit(1)], total: 5, compareUrl: long }), { now: NOW })
  assert.not.ok(section.includes(long))
  assert.ok(section.includes('): compare\n') && section.includes('- … and 4 more: see the comparison'), section)
})

test('an occurrence comment holds the audit\'s What changed and a log within COMMENT_LIMIT', () => {
  for (const flavor of ['github', 'gitlab'] as const) {
    const comment = renderOccurrence({ ...auditFailure, log: auditLog(0) }, 2, flavor)
    assert.ok(comment.length <= COMMENT_LIMIT, `${comment.length}`)
    assert.ok(comment.includes('\n### What changed\n') && comment.includes('\n### Log excerpt\n'))
  }
})

test.run()
