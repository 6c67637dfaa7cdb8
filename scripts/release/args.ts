// The arguments a release script was given, whether run as `node scripts/release.mts …` (npm run) or as
// `npx zx scripts/release.mts …` like the other scripts: zx keeps its own path and the script's in argv.
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The arguments after the script at `scriptUrl` (its `import.meta.url`). */
export function scriptArgs(scriptUrl: string, argv: readonly string[] = process.argv): string[] {
  const name = basename(fileURLToPath(scriptUrl))
  const at = argv.findIndex((arg, i) => i > 0 && basename(arg) === name)
  return argv.slice(at < 0 ? 2 : at + 1)
}
