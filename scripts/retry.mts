// `npx zx scripts/retry.mts` from a checkout: the same command as `deploy-failure-reporter retry` (lib/cli/commands/retry.ts).
import { scriptArgs } from '../lib/cli/args.ts'
import { runRetry } from '../lib/cli/commands/retry.ts'

process.exitCode = await runRetry(scriptArgs(import.meta.url), undefined, 'npx zx scripts/retry.mts')
