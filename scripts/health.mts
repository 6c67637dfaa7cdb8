// `npx zx scripts/health.mts` from a checkout: the same command as `deploy-failure-reporter health` (lib/cli/commands/health.ts),
// --version included (lib/cli/main.ts).
import { runScriptEntry } from '../lib/cli/main.ts'

process.exitCode = await runScriptEntry('health', import.meta.url)
