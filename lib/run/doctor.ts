// The doctor, assembled once: every check of what the reporter needs, in the order it prints them, for a
// configuration that loaded. Reads only; the command line prints the checks and decides the exit code.
import { createNotifier } from '../chat/index.ts'
import { noiseOn } from '../config/noise.ts'
import type { Check } from '../core/check.ts'
import { runChecks } from './doctor-checks.ts'
import { proxyChecks } from './proxy-check.ts'
import type { ReportConfig } from './report.ts'
import type { Session } from './session.ts'
import { doctorChecks } from './tracker.ts'

/**
 * The checks for the session's configuration: that it is valid, the template, the proxy, the tracker and
 * chat (`ping` posts a test message), paging, and in GitHub Actions whether the token can read the run's jobs.
 */
export async function doctor(session: Session<ReportConfig>, { ping = false } = {}): Promise<Check[]> {
  const { config, log, env } = session
  const valid: Check = { ok: true, text: `configuration valid: ${config.project} at ${config.apiUrl}, environment ${config.deployEnv}, pipeline ${config.pipelineUrl}` }
  // Loaded only with a template, like the template itself.
  const template = config.template ? await (await import('./template-preview.ts')).templateChecks(config.template, config) : []
  // Paging is only described: a test event would page whoever is on call.
  const pager = config.pager
    ? [{ ok: true, text: `PagerDuty paging configured (severity ${config.pager.severity}, ${config.pager.environments.length ? `environments ${config.pager.environments.join(', ')}` : 'every environment'}); no test event is sent` }]
    : []
  const checks = [valid, ...template, ...proxyChecks(config), ...(await runChecks(doctorChecks(config, log), config, { ping, chat: createNotifier(config) })), ...pager]
  // In GitHub Actions: can the token read the run's jobs (REPORT_CI_LOG=auto)? Loaded only there.
  if (env.GITHUB_ACTIONS === 'true') checks.push(await (await import('./ci-doctor.ts')).ciCheck(config, log, env))
  // REPORT_PAGE_AFTER, REPORT_FILE_AFTER, REPORT_FLAP: which are on, and whether the run history reads. Loaded only when set.
  if (noiseOn(config)) checks.push(...(await (await import('./noise-doctor.ts')).noiseChecks(config, log, env)))
  // REPORT_CHANGES=auto: which source says what changed, and may the token read it? Loaded only then.
  if (config.changes === 'auto') checks.push(await (await import('./changes.ts')).changesCheck(config, log, env))
  return checks
}
