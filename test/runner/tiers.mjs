// Which tier a test file belongs to, read from its source: what it starts decides.
//   unit         starts no process and no server (npm run test:unit)
//   integration  starts loopback servers in its own process, no other process
//   e2e          starts processes: the real commands, npm, gitlab-ci-local
// The reading errs towards the slower tier. A file read as unit that starts a process or a server all
// the same is caught in its worker (worker.mjs) and run again with the integration and e2e files, with a
// note naming it; add what it calls to the patterns below.
// "slow" marks the few e2e files that pack or install the package or run pipelines: they start first.
import { readFileSync } from 'node:fs'

const STARTS_PROCESS = /\b(runCommand|runScript|runScenarios|runPipeline|packedTarball|node24|spawn|spawnSync|execFile|execFileSync|execSync|fork)\s*\(|node:child_process/
const STARTS_SERVER = /\b(useLoopback|startLoopback\w*|createServer|withLoopback\w*)\s*\(|\.listen\(|helpers\/(servers|scenarios|trackers|github-app)\.ts/
const SLOW = /helpers\/(gitlab-ci-local|pack)\.ts|npm', \['(pack|install|ci)\b/

/** The tier of the test file at `path`, and whether it is one of the slow few. */
export function tierOf(path) {
  const source = readFileSync(path, 'utf8')
  const tier = STARTS_PROCESS.test(source) ? 'e2e' : STARTS_SERVER.test(source) ? 'integration' : 'unit'
  return { tier, slow: SLOW.test(source) }
}

/** Whether the file at `path` needs the packed tarball (made once per run by run.mjs). */
export const needsPack = (path) => /helpers\/pack\.ts|'npm', \['pack'/.test(readFileSync(path, 'utf8'))

/** Whether the file at `path` needs a Node >= 22 besides this one (installed once per run by run.mjs). */
export const needsNode24 = (path) => /helpers\/(node24|gitlab-ci-local)\.ts/.test(readFileSync(path, 'utf8'))
