// Sample values shared by the tests: one failure for the renderers, and the environment end-to-end tests
// give the reporter so that its title is known in advance.
import type { Failure } from '../../lib/core/text/issue.ts'
import { today } from './helpers.ts'

/** A failure with ordinary values and a fixed local time (2026-11-05 09:03:07). */
export const SAMPLE_FAILURE: Failure = Object.freeze({
  environment: 'staging',
  commitSha: 'abc1234',
  commitMessage: 'Bump the widget',
  reason: 'Deploy job failed',
  pipelineUrl: 'https://ci.example/p/7',
  time: new Date(2026, 10, 5, 9, 3, 7),
})

/** The same values as environment variables, for end-to-end runs. */
export const FIXED_ENV = {
  CI_COMMIT_SHA: 'abc1234',
  CI_COMMIT_MESSAGE: 'Bump the widget',
  DEPLOY_ENV: 'staging',
  CI_PIPELINE_URL: 'https://ci.example/p/7',
}

/** Retries without real waiting. */
export const FAST_ENV = { REPORT_RETRY_DELAY: '0.01' }

/** The title a run with {@link FIXED_ENV} files today. */
export const fixedTitle = () => `[DEPLOY FAIL] staging — abc1234 — ${today()}`
