// `npm run release:check [-- --tag vX.Y.Z]`: what the release workflow checks before it publishes, here and
// now, publishing nothing. Exit 0 ready, 1 not ready (every reason printed), 2 bad arguments.
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { scriptArgs } from './release/args.ts'
import { packageVersion, releaseProblems } from './release/check.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
try {
  const { values } = parseArgs({ args: scriptArgs(import.meta.url), options: { tag: { type: 'string' }, help: { type: 'boolean', short: 'h' } } })
  if (values.help) {
    console.log(
      [
        'Usage: npm run release:check [-- --tag vX.Y.Z]  (or npx zx scripts/release-check.mts)',
        'Checks the version in every file, the changelog section and dist/action.js; publishes nothing.',
        '',
        'Options:',
        '  --tag vX.Y.Z  also check that the tag names this version',
        '  -h, --help    print this help',
        '',
        'Environment: none read.',
        'Exit codes: 0 ready to release, 1 not ready (every reason printed), 2 bad arguments',
      ].join('\n'),
    )
  } else {
    const problems = releaseProblems(root, values.tag === undefined ? {} : { tag: values.tag })
    for (const problem of problems) console.error(`[ERROR] ${problem}`)
    if (problems.length === 0) console.log(`[INFO] Ready to release ${packageVersion(root)}: one version everywhere, its changelog section, dist/action.js is the build`)
    process.exitCode = problems.length === 0 ? 0 : 1
  }
} catch (error) {
  const code = (error as { code?: string }).code
  console.error(`[ERROR] ${(error as Error).message}`)
  process.exitCode = code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1
}
