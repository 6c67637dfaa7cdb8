// `npx zx scripts/report.mts` from a checkout: the same command as `deploy-failure-reporter report` (lib/cli/commands/report.ts).
import { scriptArgs } from '../lib/cli/args.ts'
import { runReport } from '../lib/cli/commands/report.ts'

process.exitCode = await runReport(scriptArgs(import.meta.url), undefined, 'npx zx scripts/report.mts')
