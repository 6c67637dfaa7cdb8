// `npm run release:check [-- --tag vX.Y.Z]`: what the release workflow checks before it publishes, here and
// now, publishing nothing. Exit 0 ready, 1 not ready (every reason printed), 2 bad arguments.
import { parseArgs } from 'node:util'
import { packageVersion, releaseProblems } from './check.ts'
import { consoleIo, failed, type ScriptIo } from './script-io.ts'

const USAGE = [
  'Usage: npm run release:check [-- --tag vX.Y.Z]  (or npx zx scripts/release-check.mts)',
  'Checks the version in every file, the changelog section and dist/action.js; publishes nothing.',
  '',
  'Options:',
  '  --tag vX.Y.Z  also check that the tag names this version',
  '  -h, --help    print this help',
  '',
  'Environment: none read.',
  'Exit codes: 0 ready to release, 1 not ready (every reason printed), 2 bad arguments',
].join('\n')

/** release:check on the project at `root` with `args` (the words after the script); resolves to the exit code. */
export function releaseCheckCommand(root: string, args: readonly string[], io: ScriptIo = consoleIo): number {
  try {
    const { values } = parseArgs({ args: [...args], options: { tag: { type: 'string' }, help: { type: 'boolean', short: 'h' } } })
    if (values.help) {
      io.out(USAGE)
      return 0
    }
    const problems = releaseProblems(root, values.tag === undefined ? {} : { tag: values.tag })
    for (const problem of problems) io.err(`[ERROR] ${problem}`)
    if (problems.length === 0) io.out(`[INFO] Ready to release ${packageVersion(root)}: one version everywhere, its changelog section, dist/action.js is the build`)
    return problems.length === 0 ? 0 : 1
  } catch (error) {
    return failed(error, io)
  }
}
