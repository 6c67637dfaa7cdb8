import { postChat } from '../chat/webhook.ts'
import { converge } from './converge.ts'
import { findMatch, sinceFor, type ListedIssue } from './dedup.ts'
import { describeError, isTransient, retryTransient, withAttempts, type GitHub } from '../tracker/github/client.ts'
import { LABELS, renderBody, renderChat, renderTitle, type Failure } from './issue.ts'
import type { Log } from './log.ts'
import { checkDedupLabel } from './unlabelled.ts'
import { openReportPages } from '../tracker/github/open-issues.ts'
import { RateLimited } from '../tracker/github/ratelimit.ts'

/** What a run ended with; `--json` prints it. */
export interface Outcome {
  readonly outcome: 'created' | 'duplicate' | 'commented' | 'failed'
  readonly number: number | null
  readonly url: string | null
  readonly title: string
}

/** Where to file, and how hard to try. */
export interface Target {
  readonly owner: string
  readonly repo: string
  readonly chatWebhook: string | undefined
  readonly retryAttempts: number
  readonly retryDelaySeconds: number
  /** ON_DUPLICATE; `comment` records a repeated failure on the open issue. Default `skip`. */
  readonly onDuplicate?: 'skip' | 'comment'
  /** Time limit of the chat post; `postChat`'s 10 s when absent. */
  readonly chatTimeoutMs?: number
}

/** Thrown when the issue could not be filed; its message is the spec's `Failed to create issue`. */
export class CreateFailed extends Error {
  constructor(cause: unknown) {
    super('Failed to create issue', { cause })
    this.name = 'CreateFailed'
  }
}

/**
 * The open `auto-deploy-failure` issue that already holds `title`, if any: the oldest match, found by
 * reading the list oldest-first and stopping at the first page that has one. Only issues updated since
 * the title's date can match (see `sinceFor`), so old issues cost nothing.
 */
export async function findExisting(github: GitHub, target: Target, title: string, time: Date): Promise<ListedIssue | undefined> {
  for await (const page of openReportPages(github, target, sinceFor(time))) {
    const match = findMatch(page.data, title)
    if (match) return match
  }
  return undefined
}

/**
 * The spec's single pass: duplicate check, then create, then notify. Returns the outcome, or throws
 * {@link CreateFailed} when the issue could not be filed (after the chat notice has still gone out).
 */
export async function fileReport(github: GitHub, target: Target, failure: Failure, log: Log): Promise<Outcome> {
  const title = renderTitle(failure)
  try {
    return await fileIssue(github, target, failure, title, log)
  } finally {
    if (target.chatWebhook) await postChat(target.chatWebhook, renderChat(failure), target.chatTimeoutMs)
  }
}

async function lookUp(github: GitHub, target: Target, title: string, time: Date, log: Log): Promise<ListedIssue | undefined> {
  try {
    return await findExisting(github, target, title, time)
  } catch (error) {
    // A limit beyond REPORT_MAX_WAIT stops the run: every further call would be refused too.
    if (error instanceof RateLimited) fail(error, log)
    // The spec: a list call that fails counts as an empty list.
    log.warn(`Could not list open issues, so no duplicate check was made (${describeError(error)})`)
    return undefined
  }
}

function fail(cause: unknown, log: Log): never {
  log.error('Failed to create issue')
  log.error(describeError(cause))
  throw new CreateFailed(cause)
}

const holds = (issue: ListedIssue) => `Open issue #${issue.number} holds this report: ${issue.html_url}`

async function fileIssue(github: GitHub, target: Target, failure: Failure, title: string, log: Log): Promise<Outcome> {
  const existing = await lookUp(github, target, title, failure.time, log)
  if (existing) {
    log.info('Duplicate issue found, skipping creation')
    // Loaded only in comment mode: every module costs start-up (npm run bench).
    const commented = target.onDuplicate === 'comment' && (await (await import('./comments.ts')).commentOnDuplicate(github, target, existing, failure, log))
    // The comment line names the issue already; otherwise say which issue holds the report.
    if (!commented) log.info(holds(existing))
    return { outcome: commented ? 'commented' : 'duplicate', number: existing.number, url: existing.html_url, title }
  }
  const { issue, posted } = await create(github, target, failure, title, log)
  // Concurrent runs may each have created one: all keep the oldest (see converge.ts). An issue a look
  // found is already the oldest match.
  const recheck = () => findExisting(github, target, title, failure.time)
  const survivor = posted ? await converge(github, target, issue, recheck, log) : issue
  if (survivor.number !== issue.number) {
    log.info(`Closed #${issue.number} as a duplicate of #${survivor.number}, the older open issue for this failure`)
    log.info(holds(survivor))
    return { outcome: 'duplicate', number: survivor.number, url: survivor.html_url, title }
  }
  log.info(`Created issue #${issue.number}: ${issue.html_url}`)
  return { outcome: 'created', number: issue.number, url: issue.html_url, title }
}

// Creates the issue, retrying transient failures with the backoff helper. A create that failed without a
// clear answer (timeout, reset, 5xx) may have been committed, so every retry first looks again, and
// creates only when that look answered and found nothing. `posted` tells whether this run's own create
// answered (rather than a look finding the issue).
async function create(github: GitHub, target: Target, failure: Failure, title: string, log: Log): Promise<{ issue: ListedIssue; posted: boolean }> {
  const body = renderBody(failure)
  // One request per look: the loop below is the retry, so page requests must not retry on their own.
  const lookAgain = () => withAttempts(1, () => findExisting(github, target, title, failure.time))
  const attempt = async (n: number) => {
    const committed = n > 1 ? await lookAgain() : undefined
    if (committed) return { issue: committed, posted: false }
    const { data } = await github.request('POST /repos/{owner}/{repo}/issues', {
      owner: target.owner,
      repo: target.repo,
      title,
      body,
      labels: [...LABELS],
      assignees: [],
    })
    checkDedupLabel(data, log)
    return { issue: data, posted: true }
  }
  try {
    return await retryTransient(target, 'creating the issue', attempt, log)
  } catch (cause) {
    // The last create's answer may have been lost after a commit: one last look.
    const committed = isTransient(cause) ? await lookAgain().catch(() => undefined) : undefined
    if (committed) return { issue: committed, posted: false }
    fail(cause, log)
  }
}
