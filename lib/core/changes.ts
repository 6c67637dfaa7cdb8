// The interface the core reads what changed since the last good deploy through: where that deploy is
// (GitHub deployments or workflow runs, GitLab deployments, or REPORT_LAST_GOOD_SHA), which commits lie
// between it and this one (the local checkout, else the service's compare), and which pull or merge
// requests brought them. lib/github/changes.ts and lib/gitlab/changes.ts read the services, lib/run/git.ts
// the checkout; the core (flows/what-changed.ts) knows none of them and renders with text/what-changed.ts.

/** How this commit stands to the last good one, in GitHub compare's words. */
export type ChangeStatus = 'ahead' | 'behind' | 'diverged' | 'identical'

/** One commit between the last good deploy and this one. */
export interface ChangeCommit {
  readonly sha: string
  /** The first line of its message: untrusted text. */
  readonly subject: string
  /** The author's name as git recorded it. */
  readonly author: string
  /** The author's account on the service, when it knows one (GitHub login, GitLab username). */
  readonly login?: string
  /** Its parents' full ids, when the service says: a merge's second parent leads to the commits it brought. */
  readonly parents?: readonly string[]
}

/** A pull request (GitLab: merge request) that brought some of the commits. */
export interface ChangePull {
  readonly number: number
  /** Untrusted text. */
  readonly title: string
  /** The author's account; null when the service has none (a deleted account). */
  readonly author: string | null
  readonly url: string
}

/** The last good deploy of the environment: its commit, and when it went out when the source says. */
export interface LastGood {
  readonly sha: string
  readonly at?: Date
  /** Where it was found, for messages and `doctor`: `REPORT_LAST_GOOD_SHA`, `GitHub deployments`, … */
  readonly source: string
}

/** The deployments a source read, when it read only the newest of more: `10`, `deployments`. */
export interface SearchedDeployments {
  readonly count: number
  /** What they were, in the section's words: `deployments`, `successful deployments, all this pipeline's own`. */
  readonly of: string
}

/** No good deploy among the deployments a source read, which were only the newest: more were left unread. */
export interface NoneAmong {
  readonly among: SearchedDeployments
}

/**
 * A source of the last good deploy. `undefined`: it has nothing recorded, so the next source is asked;
 * `null`: it records deploys but none of them succeeded, so there is no earlier good deploy; a
 * {@link NoneAmong}: none of those it read did, and it read only the newest, so it cannot say there is none.
 * Either way the search ends.
 */
export interface LastGoodSource {
  readonly name: string
  /**
   * `candidate`, when given, is told the commit the answer will most likely be, as soon as the source
   * knows it (the newest deployment of another commit, before its statuses are read), so that the
   * comparison can start beside the rest of the search.
   */
  find(signal: AbortSignal, candidate?: (sha: string) => void): Promise<LastGood | NoneAmong | null | undefined>
}

/** What a comparison of `base...head` found. */
export interface Comparison {
  readonly status: ChangeStatus
  /** Commits in head that are not in base (all of them, or the first pages of a long list), newest first. */
  readonly commits: readonly ChangeCommit[]
  /** How many there are in all: may exceed `commits.length` when the list was bounded. */
  readonly total: number
  /** Commits in base that are not in head: how far a rollback goes back. */
  readonly behindBy: number
}

/** Thrown by {@link CommitHistory.compare} when the base commit is not in the repository (404). */
export class BaseGone extends Error {
  readonly sha: string
  constructor(sha: string, options?: { cause?: unknown }) {
    super(`commit ${sha} is not in the repository`, options)
    this.name = 'BaseGone'
    this.sha = sha
  }
}

/** Where commits are compared: the local checkout, or a service. */
export interface CommitHistory {
  readonly name: string
  /** Whether this history can compare `base` and `head` without a request (the local checkout holds both). */
  holds?(base: string, head: string): Promise<boolean>
  /** Gets ready to answer `holds` (the local checkout starts its git), as the search begins. */
  warm?(): void
  /** Ends what `warm` or `holds` started. */
  close?(): void
  compare(base: string, head: string, signal: AbortSignal): Promise<Comparison>
}

/** The pull or merge requests of commits, read in as few requests as the service allows. */
export interface PullLookup {
  /** Starts what does not depend on the commits (called as the search begins), so it costs no wait later. */
  start?(signal: AbortSignal): void
  /** The pull request that brought each commit that has one, by the commit's full sha. */
  pullsOf(commits: readonly ChangeCommit[], signal: AbortSignal): Promise<ReadonlyMap<string, ChangePull>>
}

/** A service's readers, as lib/run/changes.ts assembles them. */
export interface ChangesService {
  /** `GitHub` or `GitLab`, for messages. */
  readonly service: string
  /** The sources of the last good deploy this service has, in the order they are asked. */
  readonly sources: readonly LastGoodSource[]
  readonly remote: CommitHistory
  readonly pulls?: PullLookup
  /** The service's web page comparing `base...head`; null when its address is not known. */
  compareUrl(base: string, head: string): string | null
  /** What a refusal (HTTP 403) of `what` needs, for the [WARN]: `give the workflow permissions: …`. */
  readonly permissionHint?: string
}

/** What changed, as the issue, the chat notice, the templates and `--json` show it. */
export interface Changes {
  /** `none`: no earlier good deploy was found; `gone`: its commit is no longer in the repository. */
  readonly status: ChangeStatus | 'none' | 'gone'
  /** The last good deploy's commit; null when none was found. */
  readonly base: string | null
  /** With `none`: the source read only these newest deployments, and there were more. */
  readonly among?: SearchedDeployments
  readonly head: string
  /** When the last good deploy went out, when the source says. */
  readonly baseAt?: Date
  /** Where the last good deploy was found. */
  readonly source?: string
  /** Newest first; possibly fewer than `total`. */
  readonly commits: readonly ChangeCommit[]
  readonly total: number
  readonly behindBy: number
  /** The pull requests that brought the commits, newest first, each once. */
  readonly pulls: readonly ChangePull[]
  /** The pull request of each commit that has one, by full sha. */
  readonly pullOf: ReadonlyMap<string, number>
  readonly compareUrl: string | null
}

/** A service could not say what changed: why, and what to change so that the next run can. */
export class ChangesUnavailable extends Error {
  readonly fix: string
  readonly status: number | undefined
  constructor(cause: string, fix = '', options: { status?: number; cause?: unknown } = {}) {
    super(fix ? `${cause}; ${fix}` : cause, { cause: options.cause })
    this.name = 'ChangesUnavailable'
    this.fix = fix
    this.status = options.status
  }
}

/**
 * What changed, being read while the duplicate check runs: a create awaits it (at most the rest of
 * REPORT_CHANGES_TIMEOUT), a duplicate that files nothing cancels it and waits for nothing.
 */
export interface PendingChanges {
  /** Settles with what changed, or with nothing when it could not be read (after one [WARN]); never rejects. */
  readonly settled: Promise<{ readonly changes?: Changes; readonly mentionAuthors?: boolean }>
  /** Nothing will use the read: stop it. */
  cancel(): void
}
