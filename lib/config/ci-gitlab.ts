// Where the GitLab CI reader (lib/gitlab/ci-reader.ts) reads the current pipeline's failed jobs and logs:
// GitLab CI's predefined variables, and a token that can read job logs. CI_JOB_TOKEN cannot (GitLab lets
// it read a job's artifacts, not its trace), so the token is ISSUE_TOKEN when issues go to this same
// GitLab, otherwise CI_LOG_TOKEN, a token with the read_api scope.
// https://docs.gitlab.com/ci/variables/predefined_variables/ · https://docs.gitlab.com/ci/jobs/ci_job_token/
import { redact } from '../core/log.ts'
import { isGitLabProject } from './tracker.ts'
import { value, type Env } from './env.ts'

/** Where and how the GitLab CI reader (lib/gitlab/ci-reader.ts) reads the current pipeline: read from GitLab CI's variables. */
export interface GitLabCiOptions {
  /** CI_API_V4_URL. */
  readonly apiUrl: string
  /** CI_PROJECT_ID, or the project's full path. */
  readonly project: string
  /** CI_PIPELINE_ID. */
  readonly pipelineId: string
  /**
   * The job the reporter runs in (CI_JOB_ID, CI_JOB_NAME, CI_JOB_STAGE, CI_JOB_URL). `failed` when it runs
   * in that job's after_script after its script failed (CI_JOB_STATUS=failed): the job is then named as
   * failed, still running, since GitLab lists it as failed only once the after_script is over.
   */
  readonly currentJob?: { readonly id: string; readonly name: string; readonly stage?: string; readonly url: string; readonly failed: boolean }
  /** A token that can read the project's jobs and traces (the read_api scope). */
  readonly token: string
  /** The variable the token came from (ISSUE_TOKEN or CI_LOG_TOKEN), for messages. */
  readonly tokenName: string
}

const ID = /^[1-9][0-9]{0,18}$/

const originOf = (text: string | undefined): string | undefined => {
  try {
    const url = new URL(text ?? '')
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

// ISSUE_TOKEN belongs to the tracker's GitLab (ISSUE_API_URL, else CI_API_V4_URL); it is sent to the CI's
// API only when that is the same GitLab, never to another host.
function tokenOf(env: Env): { token: string; tokenName: string } | undefined {
  const issueToken = value(env, 'ISSUE_TOKEN')
  const trackerApi = value(env, 'ISSUE_API_URL') ?? value(env, 'CI_API_V4_URL')
  const ciOrigin = originOf(value(env, 'CI_API_V4_URL'))
  if (value(env, 'ISSUE_TRACKER') === 'gitlab' && issueToken && ciOrigin !== undefined && originOf(trackerApi) === ciOrigin) {
    return { token: issueToken, tokenName: 'ISSUE_TOKEN' }
  }
  const logToken = value(env, 'CI_LOG_TOKEN')
  return logToken ? { token: logToken, tokenName: 'CI_LOG_TOKEN' } : undefined
}

/**
 * The GitLab CI reader's options from `env`: undefined outside GitLab CI (GITLAB_CI is not `true`) or
 * without a token for the logs (see {@link gitLabCiMissingToken}). A malformed CI_API_V4_URL,
 * CI_PROJECT_ID (or CI_PROJECT_PATH), CI_PIPELINE_ID or CI_JOB_ID adds a line to `problems`.
 */
export function gitLabCiOptions(env: Env, problems: string[]): GitLabCiOptions | undefined {
  if (value(env, 'GITLAB_CI') !== 'true') return undefined
  const credential = tokenOf(env)
  if (!credential) return undefined
  const found: string[] = []
  const shown = (name: string) => JSON.stringify(value(env, name))

  const apiUrl = value(env, 'CI_API_V4_URL')
  if (originOf(apiUrl) === undefined) {
    found.push(`CI_API_V4_URL must be GitLab's API address, an http(s) URL such as https://gitlab.com/api/v4 (GitLab CI sets it), got ${shown('CI_API_V4_URL')}`)
  }
  const projectId = value(env, 'CI_PROJECT_ID')
  const projectPath = value(env, 'CI_PROJECT_PATH')
  const project = projectId ?? projectPath
  if (projectId !== undefined && !ID.test(projectId)) found.push(`CI_PROJECT_ID must be a numeric project id (GitLab CI sets it), got ${shown('CI_PROJECT_ID')}`)
  else if (projectId === undefined && (projectPath === undefined || !isGitLabProject(projectPath))) {
    found.push(`CI_PROJECT_ID (a numeric project id) or CI_PROJECT_PATH (group/project) is needed to read job logs (GitLab CI sets both), got ${shown('CI_PROJECT_PATH')}`)
  }
  const pipelineId = value(env, 'CI_PIPELINE_ID')
  if (pipelineId === undefined || !ID.test(pipelineId)) found.push(`CI_PIPELINE_ID must be a numeric pipeline id (GitLab CI sets it), got ${shown('CI_PIPELINE_ID')}`)
  const jobId = value(env, 'CI_JOB_ID')
  if (jobId !== undefined && !ID.test(jobId)) found.push(`CI_JOB_ID must be a numeric job id (GitLab CI sets it), got ${shown('CI_JOB_ID')}`)

  // A value echoed back may be the token itself, pasted into the wrong variable.
  problems.push(...found.map((problem) => redact(problem, [credential.token])))
  if (found.length) return undefined
  return Object.freeze({
    apiUrl: apiUrl!.replace(/\/+$/, ''),
    project: project!,
    pipelineId: pipelineId!,
    ...(jobId === undefined
      ? {}
      : {
          currentJob: Object.freeze({
            id: jobId,
            name: value(env, 'CI_JOB_NAME') ?? `job ${jobId}`,
            stage: value(env, 'CI_JOB_STAGE'),
            url: value(env, 'CI_JOB_URL') ?? (value(env, 'CI_PROJECT_URL') ? `${value(env, 'CI_PROJECT_URL')}/-/jobs/${jobId}` : ''),
            // An after_script sees its job's outcome; a job of a later stage (`when: on_failure`) sees `running`.
            failed: value(env, 'CI_JOB_STATUS') === 'failed',
          }),
        }),
    ...credential,
  })
}

/**
 * In GitLab CI without a token that can read job logs, the line to warn with (which variable to set);
 * undefined when there is one, or outside GitLab CI.
 */
export function gitLabCiMissingToken(env: Env): string | undefined {
  if (value(env, 'GITLAB_CI') !== 'true' || tokenOf(env)) return undefined
  return 'GitLab job logs are not read: set CI_LOG_TOKEN to a token with the read_api scope (CI_JOB_TOKEN cannot read job logs)'
}
