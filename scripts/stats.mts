// `npx zx scripts/stats.mts` from a checkout: the same command as `deploy-failure-reporter stats` (lib/cli/commands/stats.ts),
// --version included (lib/cli/main.ts).
import { runScriptEntry } from '../lib/cli/main.ts'

process.exitCode = await runScriptEntry('stats', import.meta.url)
