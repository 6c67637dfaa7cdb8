// `npm run demo` (npx zx scripts/demo.mts) from a checkout: the same command as `deploy-failure-reporter demo` (lib/cli/commands/demo.ts),
// --version included (lib/cli/main.ts).
import { runScriptEntry } from '../lib/cli/main.ts'

process.exitCode = await runScriptEntry('demo', import.meta.url)
