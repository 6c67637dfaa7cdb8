// Opening the connections a run will need before it needs them (agent.ts): the API's as soon as the
// command is known, the chat's alongside. Only the origin is used (scheme, host, port); the rest of a
// webhook address is a secret and goes nowhere but into the request itself.
import { AHEAD_MAX_IDLE_MS, transportFor } from './agent.ts'
import { proxyConfigured } from './proxy.ts'

// Each origin opened ahead: with how many connections, and when. A run asks twice, before its modules load
// and once its configuration is read, and the second must not add to the first. A later run in the same
// process (the plugin API in a long-lived script) finds what was opened for the last one gone, taken by its
// requests or closed unused after AHEAD_MAX_IDLE_MS, so the memory lasts that long and no longer: past it,
// the origin is opened again (and a server given an address another one had is not taken for it).
const opened = new Map<string, { readonly count: number; readonly at: number }>()

/**
 * Opens a kept-alive connection (`connections` of them) to `url`'s origin for the next requests there.
 * Does nothing through a proxy (undici's agent connects there), for an address that is not http(s), or
 * for an origin already opened with as many. Never throws: a connection that fails is left to the request to report. Returns whether it
 * opened one.
 */
export function preconnect(url: string | undefined, env: Record<string, string | undefined> = process.env, connections = 1): boolean {
  if (!url || proxyConfigured(env)) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false
  const before = opened.get(parsed.origin)
  if (before && before.count >= connections && performance.now() - before.at < AHEAD_MAX_IDLE_MS) return false
  opened.set(parsed.origin, { count: connections, at: performance.now() })
  transportFor(parsed.protocol).open(parsed, connections)
  return true
}

/**
 * For `report` and `resolve` on GitHub, before the command's modules are loaded: opens the API's
 * connection (ISSUE_API_URL, GITHUB_API_URL or api.github.com, as loadConfig reads them) and, for
 * `report`, the chat webhook's. Skipped when a `.env` file may still change them (the command opens them
 * once its configuration is read), for GitLab, whose address loadConfig works out, for `--help` and
 * `--dry-run`, and when the configuration lacks what any request needs. Returns whether it opened any.
 */
export function preconnectForCommand(argv: readonly string[], env: Record<string, string | undefined>, dotenvPresent: boolean): boolean {
  const [command, ...args] = argv
  if ((command !== 'report' && command !== 'resolve') || args.some((a) => a === '-h' || a === '--help' || a === '--dry-run')) return false
  if ((dotenvPresent && env.REPORT_DOTENV !== 'off') || (env.ISSUE_TRACKER && env.ISSUE_TRACKER !== 'github')) return false
  // Without a repository and a credential the run stops at its configuration, before any request.
  if (!env.ISSUE_REPO || !(env.ISSUE_TOKEN || env.ISSUE_APP_ID)) return false
  const connections = command === 'report' ? reportConnections({ tracker: 'github', fileAfter: Boolean(env.REPORT_FILE_AFTER), flap: Boolean(env.REPORT_FLAP), changes: env.REPORT_CHANGES === 'auto' }) : 1
  const api = preconnect(env.ISSUE_API_URL || env.GITHUB_API_URL || 'https://api.github.com', env, connections)
  // The chat post comes last in every report run; Slack's Web API (a bot token) posts elsewhere.
  const chat = command === 'report' && !env.SLACK_BOT_TOKEN && preconnect(env.CHAT_WEBHOOK, env)
  return api || chat
}

/** What a report reads from its tracker's API besides the duplicate check (docs/noise.md, docs/changes.md). */
export interface ReportReads {
  readonly tracker: 'github' | 'gitlab'
  /** REPORT_FILE_AFTER: the run streak. */
  readonly fileAfter: boolean
  /** REPORT_FLAP: the environment's outages. */
  readonly flap: boolean
  /** REPORT_CHANGES=auto. */
  readonly changes: boolean
}

/**
 * How many API connections a report keeps ready: one per request it has in flight at once, since one
 * opened when it is needed costs its TCP and TLS handshakes on the critical path (two round trips). The
 * duplicate check; beside it the streak and the flap record; and what changed: on GitHub the merged pull
 * requests and the deployments, then the statuses of the newest two beside the guess's comparison while
 * the pull requests may still be on the wire (npm run bench's noise case, bench/changes.mts --timeline:
 * with one connection fewer, 3 rounds in 5 sent one of them on a fresh connection, +80 ms); on GitLab
 * the merged merge requests and the last good deployment, then the comparison beside the first of them.
 */
export function reportConnections(reads: ReportReads): number {
  const changes = reads.changes ? (reads.tracker === 'github' ? 3 : 2) : 0
  return 1 + Number(reads.fileAfter) + Number(reads.flap) + changes
}
