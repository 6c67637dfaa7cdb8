// What the GitHub and the GitLab clients both take: a subset of `Config`, so tests can build one by hand.

/** Where a tracker's API is, the credential for it, and how long and how often a call may be tried. */
export interface ConnectionOptions {
  readonly token: string
  /** Base address of the API, e.g. `https://api.github.com` or `https://gitlab.com/api/v4`. */
  readonly apiUrl: string
  readonly timeoutMs: number
  readonly maxWaitSeconds: number
  readonly retryAttempts: number
  readonly retryDelaySeconds: number
}
