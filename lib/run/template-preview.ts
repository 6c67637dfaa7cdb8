// The doctor's look at REPORT_TEMPLATE: the template rendered with sample values, and whether the
// resolver will find the issues it titles.
import type { Check } from '../core/check.ts'
import { parseTitle } from '../core/find/recovery.ts'
import { issueBody, issueTitle } from '../core/flows/issue-text.ts'
import { TITLE_LIMITS } from '../core/text/issue.ts'
import { sampleFailure } from '../config/template.ts'
import { BODY_LIMIT } from '../core/text/budget.ts'
import type { IssueTemplate } from '../core/text/template.ts'
import type { Config } from '../config/config.ts'


/**
 * The doctor's checks for `template`: it renders (the title and body shown under the line), and its title
 * keeps the `[DEPLOY FAIL] <env> — <sha> — <date>` form the resolver and REPORT_GROUP=environment read.
 */
export async function templateChecks(template: IssueTemplate, config: Pick<Config, 'deployEnv' | 'pipelineUrl' | 'tracker'>, time = new Date()): Promise<Check[]> {
  const failure = sampleFailure(config, time)
  const target = { kind: config.tracker, limits: { title: TITLE_LIMITS[config.tracker], body: BODY_LIMIT } }
  const title = await issueTitle(template, failure, target)
  const body = (await issueBody(template, failure, target)).replace(/\n$/, '')
  const indent = (text: string) => text.replace(/^/gm, '    ')
  const rendered: Check = { ok: true, text: `template ${template.name} renders with sample values:\n  --- title\n${indent(title)}\n  --- body\n${indent(body)}` }
  const found = parseTitle(title)?.environment === failure.environment
  return [
    rendered,
    found
      ? { ok: true, text: 'template title keeps the [DEPLOY FAIL] <env> — <sha> — <date> form: resolve closes these issues' }
      : { ok: false, text: 'template title lacks the [DEPLOY FAIL] <env> — <sha> — <date> form, so resolve will not close these issues (nor REPORT_GROUP=environment find them): put {{default_title}} in the title' },
  ]
}
