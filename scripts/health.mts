// `npx zx scripts/health.mts` from a checkout: the same command as `deploy-failure-reporter health` (lib/cli/commands/health.ts).
import { scriptArgs } from '../lib/cli/args.ts'
import { runHealth } from '../lib/cli/commands/health.ts'

process.exitCode = await runHealth(scriptArgs(import.meta.url), undefined, 'npx zx scripts/health.mts')
