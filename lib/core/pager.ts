// The one interface the core pages on-call people through: an incident opened when a report is filed
// and closed when the resolver closes its issue. PagerDuty's Events API stands behind it (lib/pager/);
// the core never sees its field names.

/** How urgent an incident is, in the four levels paging services share. */
export type Severity = 'critical' | 'error' | 'warning' | 'info'

/** An incident to open, or to add to when one with the same key is open. */
export interface Incident {
  /** The same for every report of one issue, so a recurrence adds to the open incident. */
  readonly key: string
  /** One line: the title. */
  readonly summary: string
  /** Where it happened: the repository and environment. */
  readonly source: string
  readonly severity: Severity
  /** Plain facts for the responder (environment, commit, pipeline, reason, …). */
  readonly details: Readonly<Record<string, string>>
  readonly links: readonly { readonly href: string; readonly text: string }[]
}

/** A paging service as the core uses it. Each call sends once; transient failures throw `ApiError` with `transient`. */
export interface Pager {
  /** The service's name, for log lines. */
  readonly name: string
  open(incident: Incident): Promise<void>
  /** Closes the incident opened under `key`; closing one that is not open is harmless. */
  close(key: string): Promise<void>
}
