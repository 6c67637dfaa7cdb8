// `deploy-failure-reporter demo` (and `npm run demo` in a checkout): the reporter end to end against a
// stand-in GitHub on 127.0.0.1 that ships in the package (lib/demo/), with no account and no network.
import { ConfigError } from '../../core/errors.ts'
import { EXIT, reportFailure } from '../../run/exit.ts'
import { ioLog, processIo, type Io } from '../../run/io.ts'
import { parseFlags } from '../args.ts'

const help = (program: string) => `Usage: ${program} [--plain]

Runs the reporter's own report and resolve commands against a stand-in GitHub on 127.0.0.1 and prints
what they printed, the issue they filed and the chat notices they sent. No account, no token, no network.

By default it plays a GitHub Actions run as the Action meets it: the deploy job failed (its log is on the
stand-in), the report job files the issue with its What failed section and, from the deployments and
commits the stand-in records, its What changed section; the same failure again finds that issue; after a
good deploy, resolve closes it.

Options:
  --plain      the minimal run instead: a report outside any CI, twice (created, then duplicate)
  -h, --help   show this text

Environment: none read; the variables a real run reads are set for the stand-in only (a .env is not read).

Exit codes: 0 the demo ran as told, 1 a step ended otherwise, 2 bad arguments.
`

/** Runs the demo with `args` and resolves to its exit code. */
export async function runDemo(args: readonly string[], io: Io = processIo(), program = 'deploy-failure-reporter demo'): Promise<number> {
  try {
    const { values, positionals } = parseFlags([...args], { help: { type: 'boolean', short: 'h' }, plain: { type: 'boolean' } })
    if (values.help) {
      io.stdout.write(help(program))
      return EXIT.ok
    }
    if (positionals.length) throw new ConfigError([`${program} takes no arguments, got ${JSON.stringify(positionals)}; see --help`])
    const { runDemo: demo } = await import('../../demo/demo.ts')
    return await demo(io.stdout, { plain: values.plain === true })
  } catch (error) {
    return reportFailure(error, ioLog(io), { debug: Boolean(io.env.DEBUG) })
  }
}
