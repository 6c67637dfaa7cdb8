// Which tier a test file belongs to: the folder it is in.
//   test/unit/         starts no process and no server (npm run test:unit); mirrors lib/
//   test/integration/  starts loopback servers in its own process, no other process; mirrors lib/
//   test/e2e/          starts processes: the real commands, npm, gitlab-ci-local
// A unit worker refuses to start a process or a server, an integration worker a process (worker.mjs): a
// file in the wrong folder fails and says where it belongs.
// "slow" marks the few e2e files that take longest: they start first, so that none of them starts last
// and sets the end of the run. Those that pack or install the package or run pipelines are found by what
// they call; a file whose length is waiting (deadlines, retries, the release script's git and npm runs)
// says so in a line of its own, `// test-runner: slow, <why>`. The property-based files
// (`*.property.test.ts`: hundreds of generated cases, up to ~10 s of CPU) and the files that say so are the
// slow few of the other tiers: the runner hands them out while it prepares for the e2e files, not last.
// "waits" marks a file that spends nearly all its time waiting on timers (deadlines that must pass, rate
// limits that must lift) for little CPU, in a line of its own, `// test-runner: waits, <why>`: the runner
// gives those a slot of their own beside the workers (run.mjs), where their waiting costs the CPU nothing.
import { readFileSync } from 'node:fs'
import { relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export const TIERS = ['unit', 'integration', 'e2e']
const TEST = fileURLToPath(new URL('..', import.meta.url))
const SLOW = /helpers\/(gitlab-ci-local|pack|loopback-npm-registry)\.ts|npm', \['(pack|install|ci)\b/
const SAYS_SLOW = /^\/\/ test-runner: slow, \S/m
const SAYS_WAITS = /^\/\/ test-runner: waits, \S/m

/** The tier of the test file at `path` (its folder under test/), whether it is one of the slow few, and whether it mostly waits. */
export function tierOf(path) {
  const tier = relative(TEST, path).split(sep)[0]
  if (!TIERS.includes(tier)) throw new Error(`${relative(TEST, path)}: a test file lives in test/unit, test/integration or test/e2e (the tier is its folder)`)
  const source = readFileSync(path, 'utf8')
  const waits = SAYS_WAITS.test(source)
  if (tier !== 'e2e') return { tier, waits, slow: path.endsWith('.property.test.ts') || SAYS_SLOW.test(source) }
  return { tier, waits, slow: SLOW.test(source) || SAYS_SLOW.test(source) }
}

/** Whether the file at `path` needs the packed tarball (made once per run by run.mjs): it packs, or uses pack.ts itself or through the loopback npm registry. */
export const needsPack = (path) => /helpers\/(pack|loopback-npm-registry)\.ts|'npm', \['pack'/.test(readFileSync(path, 'utf8'))

/** Whether the file at `path` needs a Node >= 22 besides this one (installed once per run by run.mjs). */
export const needsNode24 = (path) => /helpers\/(node24|gitlab-ci-local)\.ts/.test(readFileSync(path, 'utf8'))
