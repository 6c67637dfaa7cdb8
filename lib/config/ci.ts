// What other CI systems call the pipeline address and the commit, for runs where the spec's own
// variables (CI_PIPELINE_URL, BUILD_URL, CI_COMMIT_SHA, CI_COMMIT_MESSAGE) are unset. Called only from
// lib/config/config.ts, which decides precedence: the spec's variables always win.
import { value, type Env } from './env.ts'

/** What a CI system told us about the run; every field may be missing. */
export interface CiRun {
  /** The CI system's name, for messages. */
  readonly name: string
  readonly pipelineUrl?: string
  /** The commit's short hash (7 characters). */
  readonly commitSha?: string
  readonly commitMessage?: string
}

// A detected commit stands in for the spec's default, the short hash git would give, so it is cut to the
// 7 characters of `git rev-parse --short` (same title, same duplicate check, with or without a checkout).
// Buildkite documents that BUILDKITE_COMMIT can be a symbolic name such as HEAD; only a real hash
// names the commit, otherwise git is asked (https://buildkite.com/docs/pipelines/configure/environment-variables).
const hash = (text: string | undefined): string | undefined => (text && /^[0-9a-f]{7,64}$/i.test(text) ? text.slice(0, 7) : undefined)

/**
 * The first CI system whose variables are present in `env`, in the order GitHub Actions, Jenkins,
 * CircleCI, Buildkite; undefined when none is. Pure: reads only the `env` it is given.
 */
export function detectCi(env: Env): CiRun | undefined {
  // https://docs.github.com/en/actions/reference/variables-reference#default-environment-variables
  const server = value(env, 'GITHUB_SERVER_URL')
  const repository = value(env, 'GITHUB_REPOSITORY')
  const runId = value(env, 'GITHUB_RUN_ID')
  const githubSha = hash(value(env, 'GITHUB_SHA'))
  if ((server && repository && runId) || githubSha) {
    return {
      name: 'GitHub Actions',
      pipelineUrl: server && repository && runId ? `${server.replace(/\/+$/, '')}/${repository}/actions/runs/${runId}` : undefined,
      commitSha: githubSha,
    }
  }
  // Jenkins' BUILD_URL is already the spec's fallback for the pipeline; the git plugin sets GIT_COMMIT.
  const gitCommit = hash(value(env, 'GIT_COMMIT'))
  if (gitCommit) return { name: 'Jenkins', commitSha: gitCommit }
  // https://circleci.com/docs/reference/variables/
  const circleUrl = value(env, 'CIRCLE_BUILD_URL')
  const circleSha = hash(value(env, 'CIRCLE_SHA1'))
  if (circleUrl || circleSha) return { name: 'CircleCI', pipelineUrl: circleUrl, commitSha: circleSha }
  const buildkiteUrl = value(env, 'BUILDKITE_BUILD_URL')
  const buildkiteSha = hash(value(env, 'BUILDKITE_COMMIT'))
  const buildkiteMessage = value(env, 'BUILDKITE_MESSAGE')
  if (buildkiteUrl || buildkiteSha || buildkiteMessage) {
    return { name: 'Buildkite', pipelineUrl: buildkiteUrl, commitSha: buildkiteSha, commitMessage: buildkiteMessage }
  }
  return undefined
}
