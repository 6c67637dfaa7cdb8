// `npx zx scripts/resolve.mts` from a checkout: the same command as `deploy-failure-reporter resolve` (lib/cli/commands/resolve.ts).
import { scriptArgs } from '../lib/cli/args.ts'
import { runResolve } from '../lib/cli/commands/resolve.ts'

process.exitCode = await runResolve(scriptArgs(import.meta.url), undefined, 'npx zx scripts/resolve.mts')
