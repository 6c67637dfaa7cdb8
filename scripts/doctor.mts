// `npx zx scripts/doctor.mts` from a checkout: the same command as `deploy-failure-reporter doctor` (lib/cli/commands/doctor.ts),
// --version included (lib/cli/main.ts).
import { runScriptEntry } from '../lib/cli/main.ts'

process.exitCode = await runScriptEntry('doctor', import.meta.url)
