import { postChat } from './chat.ts'
import { commentOnDuplicate } from './comments.ts'
import { findMatch, sinceFor, type ListedIssue } from './dedup.ts'
import { describeError, isTransient, type GitHub } from './github.ts'
import { DEDUP_LABEL, LABELS, renderBody, renderChat, renderTitle, type Failure } from './issue.ts'
import type { Log } from './log.ts'
import { AttemptsExhausted, backoff } from './retry.ts'

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
  const pages = github.paginate.iterator('GET /repos/{owner}/{repo}/issues', {
    owner: target.owner,
    repo: target.repo,
    state: 'open',
    labels: DEDUP_LABEL,
    per_page: 100,
    since: sinceFor(time),
    sort: 'created',
    direction: 'asc',
  })
  for await (const page of pages) {
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
    if (target.chatWebhook) await postChat(target.chatWebhook, renderChat(failure))
  }
}

async function lookUp(github: GitHub, target: Target, title: string, time: Date, log: Log): Promise<ListedIssue | undefined> {
  try {
    return await findExisting(github, target, title, time)
  } catch (error) {
    // The spec: a list call that fails counts as an empty list.
    log.warn(`Could not list open issues, so no duplicate check was made (${describeError(error)})`)
    return undefined
  }
}

async function fileIssue(github: GitHub, target: Target, failure: Failure, title: string, log: Log): Promise<Outcome> {
  const existing = await lookUp(github, target, title, failure.time, log)
  if (existing) {
    log.info('Duplicate issue found, skipping creation')
    const commented = target.onDuplicate === 'comment' && (await commentOnDuplicate(github, target, existing, failure, log))
    return { outcome: commented ? 'commented' : 'duplicate', number: existing.number, url: existing.html_url, title }
  }
  const body = renderBody(failure)
  const create = async (attempt: number): Promise<ListedIssue> => {
    // A create that failed without a clear answer may have been committed: look before trying again.
    const committed = attempt > 1 ? await lookUp(github, target, title, failure.time, log) : undefined
    if (committed) return committed
    const { data } = await github.request('POST /repos/{owner}/{repo}/issues', {
      owner: target.owner,
      repo: target.repo,
      title,
      body,
      labels: [...LABELS],
      assignees: [],
    })
    return data
  }
  let issue: ListedIssue | undefined
  try {
    issue = await backoff(target.retryAttempts, target.retryDelaySeconds, create, {
      retryable: isTransient,
      waitAfterLast: false,
      onFailure: (n, max, seconds, error) =>
        log.warn(`Attempt ${n}/${max} failed, retrying in ${seconds}s... (creating the issue: ${describeError(error)})`),
    })
  } catch (error) {
    const cause = error instanceof AttemptsExhausted ? error.cause : error
    issue = isTransient(cause) ? await lookUp(github, target, title, failure.time, log) : undefined
    if (!issue) {
      log.error('Failed to create issue')
      log.error(describeError(cause))
      throw new CreateFailed(cause)
    }
  }
  log.info(`Created issue #${issue.number}: ${issue.html_url}`)
  return { outcome: 'created', number: issue.number, url: issue.html_url, title }
}
