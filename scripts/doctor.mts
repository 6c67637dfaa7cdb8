// `npx zx scripts/doctor.mts` from a checkout: the same command as `deploy-failure-reporter doctor` (lib/cli/commands/doctor.ts).
import { scriptArgs } from '../lib/cli/args.ts'
import { runDoctor } from '../lib/cli/commands/doctor.ts'

process.exitCode = await runDoctor(scriptArgs(import.meta.url), undefined, 'npx zx scripts/doctor.mts')
