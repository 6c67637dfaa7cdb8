// What a report ends with, as the `--json` line, the GitHub Action's outputs and the plugin API give it.
// It imports nothing: the package's public declarations reach it, and they must stand alone for a
// consumer with no Node types (test/e2e/package.e2e.test.ts).

/** One failed job and step, as the CI named it. */
export interface FailedEntry {
  readonly job: string
  /** The failed step's name; null for a job whose CI names no step (GitLab) or whose steps all passed. */
  readonly step: string | null
  /** The step's place in the job page, else the job's page. */
  readonly url: string
}

/** What a report ended with. */
export interface ReportResult {
  /** `held`: below REPORT_FILE_AFTER, nothing filed yet (docs/noise.md). */
  readonly outcome: 'created' | 'duplicate' | 'commented' | 'reopened' | 'failed' | 'held'
  readonly number: number | null
  readonly url: string | null
  /** The title of the issue that holds the report; the title it would have had when none was filed. */
  readonly title: string | null
  /** What the CI said failed (REPORT_CI_LOG=auto); absent otherwise, and then absent from every output. */
  readonly failed?: readonly FailedEntry[]
  /** Below REPORT_FILE_AFTER: the consecutive failed runs so far, and the threshold; absent otherwise. */
  readonly held?: { readonly count: number; readonly of: number }
  /**
   * What changed since the last good deploy (REPORT_CHANGES=auto), when this run filed or reopened the
   * issue with it; null when it was asked but not read; absent otherwise, and then absent from every output.
   */
  readonly changes?: ChangesEntry | null
}

/** What changed since the last good deploy, as the outputs give it (docs/changes.md). */
export interface ChangesEntry {
  /** The last good deploy's commit; null when none was found. */
  readonly base: string | null
  readonly head: string
  readonly status: 'ahead' | 'behind' | 'diverged' | 'identical' | 'none' | 'gone'
  /** How many commits went out since the base. */
  readonly commits: number
  readonly pulls: readonly { readonly number: number; readonly title: string; readonly author: string | null; readonly url: string }[]
  /** The authors' accounts, else names; each once. */
  readonly authors: readonly string[]
  readonly compareUrl: string | null
}

/** The result of a run that filed nothing: a bad configuration has no title yet. */
export function failedResult(title: string | null = null): ReportResult {
  return { outcome: 'failed', number: null, url: null, title }
}
