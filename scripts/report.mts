// `npx zx scripts/report.mts` from a checkout: the same command as `deploy-failure-reporter report` (lib/cli/commands/report.ts),
// --version included (lib/cli/main.ts).
import { runScriptEntry } from '../lib/cli/main.ts'

process.exitCode = await runScriptEntry('report', import.meta.url)
