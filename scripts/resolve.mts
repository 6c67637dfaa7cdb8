// `npx zx scripts/resolve.mts` from a checkout: the same command as `deploy-failure-reporter resolve` (lib/cli/commands/resolve.ts),
// --version included (lib/cli/main.ts).
import { runScriptEntry } from '../lib/cli/main.ts'

process.exitCode = await runScriptEntry('resolve', import.meta.url)
