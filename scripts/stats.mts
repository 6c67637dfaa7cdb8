// `npx zx scripts/stats.mts` from a checkout: the same command as `deploy-failure-reporter stats` (lib/cli/commands/stats.ts).
import { scriptArgs } from '../lib/cli/args.ts'
import { runStats } from '../lib/cli/commands/stats.ts'

process.exitCode = await runStats(scriptArgs(import.meta.url), undefined, 'npx zx scripts/stats.mts')
