// `npm run demo` (npx zx scripts/demo.mts) from a checkout: the same command as `deploy-failure-reporter demo` (lib/cli/commands/demo.ts).
import { scriptArgs } from '../lib/cli/args.ts'
import { runDemo } from '../lib/cli/commands/demo.ts'

process.exitCode = await runDemo(scriptArgs(import.meta.url), undefined, 'npx zx scripts/demo.mts')
