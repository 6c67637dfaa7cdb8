// Reads REPORT_TEMPLATE's file and checks it (lib/core/text/template.ts) before any request: a template
// that cannot be read or parsed is a configuration error naming the line. Its front matter's labels and
// assignees join REPORT_LABELS and REPORT_ASSIGNEES; REPORT_MILESTONE wins over its milestone.
import { readFile, stat } from 'node:fs/promises'
import type { IssueTemplate, TemplateExtras } from '../core/text/template.ts'
import { redact } from '../core/log.ts'
import { ConfigError } from '../core/errors.ts'
import { parseAssignees, parseLabels } from './actionable.ts'
import type { Config } from './config.ts'
import { secretsOf } from './secrets.ts'
import { LABELS, TITLE_LIMITS, type Failure } from '../core/text/issue.ts'
import { BODY_LIMIT } from '../core/text/budget.ts'
import { parseTitle } from '../core/find/recovery.ts'
import { value, type Env } from './env.ts'

/** The largest template file read: four times what an issue body can hold. */
export const MAX_TEMPLATE_BYTES = 4 * BODY_LIMIT

/** Plain sample values, so what a template adds is easy to tell from what a failure fills in. */
export const sampleFailure = (config: Pick<Config, 'deployEnv' | 'pipelineUrl'>, time: Date): Failure => ({
  environment: config.deployEnv,
  commitSha: 'abc1234',
  commitMessage: 'Sample commit message',
  reason: 'Sample failure reason',
  pipelineUrl: config.pipelineUrl === 'unknown' ? 'https://ci.example/pipelines/1' : config.pipelineUrl,
  time,
})

/** What the run knows about itself beyond the failure, for the template's extras; absent ones stay unset. */
export function templateExtras(env: Env, config: Pick<Config, 'jobUrl' | 'token'> & Partial<Pick<Config, 'chat' | 'pager'>>): TemplateExtras {
  const extras: Record<string, string | undefined> = {
    job_url: config.jobUrl,
    run_attempt: value(env, 'GITHUB_RUN_ATTEMPT'),
    actor: value(env, 'GITHUB_ACTOR') ?? value(env, 'GITLAB_USER_LOGIN') ?? value(env, 'BUILDKITE_BUILD_CREATOR'),
    ref: value(env, 'GITHUB_REF_NAME') ?? value(env, 'CI_COMMIT_REF_NAME') ?? value(env, 'BUILDKITE_BRANCH'),
  }
  const secrets = secretsOf(config)
  return Object.freeze(Object.fromEntries(Object.entries(extras).filter(([, v]) => v !== undefined).map(([k, v]) => [k, redact(v!, secrets)])))
}

/**
 * `config` with REPORT_TEMPLATE's template read, checked and bound to the run's extras; `config` itself
 * when none is set. Throws one {@link ConfigError} naming the file and every problem's line.
 */
export async function withTemplate<C extends Config>(config: C, env: Env): Promise<C & { template?: IssueTemplate }> {
  const file = config.templateFile
  if (file === undefined) return config
  let text: string
  try {
    // A template is a page of Markdown; a huge file is a mistake (or an attack) and is not read into memory.
    const { size } = await stat(file)
    if (size > MAX_TEMPLATE_BYTES) throw new ConfigError([`REPORT_TEMPLATE ${file} line 1: the file is ${size} bytes; a template may be at most ${MAX_TEMPLATE_BYTES} (an issue body holds ${BODY_LIMIT} characters)`])
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (error instanceof ConfigError) throw error
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new ConfigError([`REPORT_TEMPLATE: cannot read ${JSON.stringify(file)} (${code}); give the path of a Markdown file, relative to ${process.cwd()}`], { cause: error })
  }
  // Loaded only with a template: every module costs start-up (npm run bench).
  const { parseTemplate } = await import('../core/text/template.ts')
  const { template, problems } = parseTemplate(text, `REPORT_TEMPLATE ${file}`)
  const checks: string[] = [...problems]
  const labels = template ? parseLabels(template.labels.join(','), [...LABELS, ...config.extraLabels], checks) : []
  const assignees = template ? parseAssignees([...config.assignees, ...template.assignees].join(','), checks) : []
  // The front matter's names are checked by REPORT_LABELS' and REPORT_ASSIGNEES' rules; say where they came from.
  const named = (problem: string) => problem.replace(/^REPORT_(LABELS|ASSIGNEES):/, (_, key: string) => `REPORT_TEMPLATE ${file} ${key.toLowerCase()}:`)
  if (template?.title && config.group === 'environment') {
    // REPORT_GROUP=environment finds the open issue by the original title's form; without it every run
    // would file a new issue.
    const { templateTitle } = await import('../core/text/template-render.ts')
    const title = templateTitle(template, sampleFailure(config, new Date()), config.tracker, { title: TITLE_LIMITS[config.tracker], body: BODY_LIMIT })
    if (parseTitle(title)?.environment !== config.deployEnv) {
      checks.push(`REPORT_TEMPLATE ${file}: REPORT_GROUP=environment finds issues by the [DEPLOY FAIL] <env> — <sha> — <date> title, which this template's title lacks; put {{default_title}} in the title`)
    }
  }
  if (!template || checks.length) throw new ConfigError(checks.map(named))
  return Object.freeze({
    ...config,
    template: Object.freeze({ ...template, extras: templateExtras(env, config) }),
    extraLabels: Object.freeze([...config.extraLabels, ...labels]),
    assignees: Object.freeze(assignees),
    milestone: config.milestone ?? template.milestone,
  })
}
