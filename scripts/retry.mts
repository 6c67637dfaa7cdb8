// `npx zx scripts/retry.mts` from a checkout: the same command as `deploy-failure-reporter retry` (lib/cli/commands/retry.ts),
// --version included (lib/cli/main.ts).
import { runScriptEntry } from '../lib/cli/main.ts'

process.exitCode = await runScriptEntry('retry', import.meta.url)
