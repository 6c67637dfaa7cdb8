// Asking what changed since the last good deploy, for the issue's `What changed` section: the first
// source that knows the last good deploy wins (REPORT_LAST_GOOD_SHA, then the service's in order), the
// local checkout compares when it holds both commits (no request), else the service does, and the pull
// requests of the commits are matched to them. What can start early does: the service's read of pull
// requests as the search begins, and the comparison as soon as a source names its likely answer.
// Everything shares one deadline (REPORT_CHANGES_TIMEOUT). It must never cost the issue: whatever goes
// wrong is one [WARN] naming the cause and the fix, and the issue is filed without the section.
import { BaseGone, type ChangeCommit, type ChangePull, type Changes, type ChangesService, type CommitHistory, type Comparison, type LastGood, type LastGoodSource, type NoneAmong } from '../changes.ts'
import type { Log } from '../log.ts'
import { until, whyUnread } from '../retry/deadline.ts'
import { redactSecrets } from '../text/secrets.ts'

/** What to compare and for how long. */
export interface ChangesRequest {
  /** This run's commit. */
  readonly head: string
  /** REPORT_LAST_GOOD_SHA: wins over every service's record. */
  readonly lastGoodSha?: string | undefined
  /** REPORT_CHANGES_TIMEOUT in milliseconds: every request together. */
  readonly timeoutMs: number
  /** Aborts when nothing will use the answer (a duplicate files nothing): the read stops without a word. */
  readonly signal?: AbortSignal
  /** Secrets to mask in the commits' and pull requests' texts besides the well-known shapes (the run's tokens). */
  readonly known: readonly string[]
}

const SHA = /^[0-9a-f]{7,64}$/i

// Past the deadline, the message names the setting that gives more time or turns the section off.
const why = (error: unknown, timeoutMs: number): string => whyUnread(error, { variable: 'REPORT_CHANGES_TIMEOUT', ms: timeoutMs, off: 'REPORT_CHANGES=off' })

/** The same commit, one id possibly abbreviated. */
export const sameCommit = (a: string, b: string): boolean => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()]
  return x.startsWith(y) || y.startsWith(x)
}

// Commit subjects, pull request titles and names are written by whoever pushed: hostile input, masked
// whole as they are read, like the CI's job names (what-failed.ts). The section cuts each to 200
// characters, and a secret cut there would no longer match itself at the tracker's door (docs/security.md).
const scrubCommit = (commit: ChangeCommit, known: readonly string[]): ChangeCommit => ({
  ...commit,
  subject: redactSecrets(commit.subject, known),
  author: redactSecrets(commit.author, known),
  ...(commit.login === undefined ? {} : { login: redactSecrets(commit.login, known) }),
})
const scrubPull = (pull: ChangePull, known: readonly string[]): ChangePull => ({
  ...pull,
  title: redactSecrets(pull.title, known),
  author: pull.author === null ? null : redactSecrets(pull.author, known),
})

const explicit = (sha: string): LastGoodSource => ({ name: 'REPORT_LAST_GOOD_SHA', find: async () => ({ sha, source: 'REPORT_LAST_GOOD_SHA' }) })

/**
 * What changed between the last good deploy and `request.head`, read through `service` (undefined where
 * there is none: only REPORT_LAST_GOOD_SHA and the checkout) and `local` (the checkout's history), within
 * `request.timeoutMs` in all. Undefined (after one [WARN]) when anything could not be read. Never throws.
 */
export async function readWhatChanged(service: ChangesService | undefined, local: CommitHistory | undefined, request: ChangesRequest, log: Log): Promise<Changes | undefined> {
  if (!SHA.test(request.head)) {
    log.warn(`Could not say what changed: this run's commit is ${JSON.stringify(request.head)}, not a commit id; set CI_COMMIT_SHA. The issue is filed without its What changed section`)
    return undefined
  }
  // A timer of its own rather than AbortSignal.timeout(), whose timer does not keep the process alive.
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs)
  const cancel = () => deadline.abort()
  request.signal?.addEventListener('abort', cancel, { once: true })
  let step = 'find the last good deploy'
  // Whatever the pull request lookup can read before the commits are known starts now, beside the search,
  // and the checkout gets ready to say whether it holds them.
  service?.pulls?.start?.(deadline.signal)
  // After the first requests are written: starting a process blocks the thread for milliseconds, and git's
  // answer is wanted only once a commit is known, a round trip later.
  if (local?.warm) setImmediate(local.warm)
  // Where `base...head` is compared: the checkout when it holds both commits (no request; CI checkouts
  // are often shallow), else the service.
  const historyFor = async (base: string): Promise<CommitHistory | undefined> =>
    local && (await until(local.holds?.(base, request.head) ?? Promise.resolve(false), deadline.signal)) ? local : service?.remote
  const compared = (base: string, history: CommitHistory, signal: AbortSignal) => until(history.compare(base, request.head, signal), signal)
  // The comparison started early against the source's likely answer, while the source makes sure of it.
  let early: { base: string; history: Promise<CommitHistory | undefined>; comparison: Promise<Comparison | undefined>; stop: AbortController } | undefined
  const candidate = (base: string) => {
    if (early || sameCommit(base, request.head)) return
    const stop = new AbortController()
    const signal = AbortSignal.any([deadline.signal, stop.signal])
    const history = historyFor(base)
    const comparison = history.then((h) => (h ? compared(base, h, signal) : undefined))
    // Settled by whoever uses it; unused, its failure means nothing.
    comparison.catch(() => undefined)
    early = { base, history, comparison, stop }
  }
  try {
    const sources = [...(request.lastGoodSha ? [explicit(request.lastGoodSha)] : []), ...(service?.sources ?? [])]
    let answer: LastGood | NoneAmong | null | undefined
    for (const source of sources) {
      step = `read ${source.name}`
      answer = await until(source.find(deadline.signal, candidate), deadline.signal)
      if (answer !== undefined) break
    }
    const good = answer && 'sha' in answer ? answer : undefined
    const guessed = early && good && early.base === good.sha ? early : undefined
    if (!guessed) early?.stop.abort()
    const compareUrl = (base: string) => service?.compareUrl(base, request.head) ?? null
    const empty = { commits: [], total: 0, behindBy: 0, pulls: [], pullOf: new Map<string, number>() }
    if (!good) return { status: 'none', base: null, head: request.head, compareUrl: null, ...(answer && 'among' in answer ? { among: answer.among } : {}), ...empty }
    const found = { base: good.sha, head: request.head, source: good.source, compareUrl: compareUrl(good.sha), ...(good.at ? { baseAt: good.at } : {}) }
    // The same commit needs no comparison.
    if (sameCommit(good.sha, request.head)) return { status: 'identical', ...found, ...empty }
    step = 'look for both commits in the checkout'
    const history = await (guessed?.history ?? historyFor(good.sha))
    if (!history) {
      log.warn(`Could not say what changed since ${good.sha.slice(0, 7)} (${good.source}): the checkout does not hold both commits and no service can compare them; fetch more history (actions/checkout fetch-depth: 0, GIT_DEPTH: 0). The issue is filed without its What changed section`)
      return undefined
    }
    step = `compare ${good.sha.slice(0, 7)}...${request.head.slice(0, 7)} (${history.name})`
    let comparison: Comparison
    try {
      comparison = (await (guessed?.comparison ?? compared(good.sha, history, deadline.signal)))!
    } catch (error) {
      if (error instanceof BaseGone) return { status: 'gone', ...found, ...empty }
      throw error
    }
    step = `read the pull requests of the commits (${service?.service ?? ''})`
    const lookup = comparison.status === 'ahead' || comparison.status === 'diverged' ? service?.pulls : undefined
    // Every listed commit: the services' readers already bound the list (GitHub's first or last two pages, the
    // checkout's newest 100, GitLab's answer under the size cap), and matching costs no request.
    const listed = comparison.commits
    const pullOfSha = lookup && listed.length ? await until(lookup.pullsOf(listed, deadline.signal), deadline.signal) : new Map<string, ChangePull>()
    const pulls = new Map<number, ChangePull>()
    const pullOf = new Map<string, number>()
    for (const { sha } of listed) {
      const pull = pullOfSha.get(sha)
      if (!pull) continue
      pullOf.set(sha, pull.number)
      if (!pulls.has(pull.number)) pulls.set(pull.number, scrubPull(pull, request.known))
    }
    const commits = comparison.commits.map((commit) => scrubCommit(commit, request.known))
    return { ...found, status: comparison.status, commits, total: comparison.total, behindBy: comparison.behindBy, pulls: [...pulls.values()], pullOf }
  } catch (error) {
    if (request.signal?.aborted) return undefined
    log.warn(`Could not ${step} to say what changed: ${why(error, request.timeoutMs)}. The issue is filed without its What changed section`)
    return undefined
  } finally {
    // Whatever is still in flight (a guess not taken, a listing not needed) is read by no one: stop it.
    deadline.abort()
    local?.close?.()
    clearTimeout(timer)
    request.signal?.removeEventListener('abort', cancel)
  }
}
