// What the samples share: running a command in this process or a shell command in its own, a loopback
// GitHub for the length of a sample, the variables of a GitLab pipeline's deploy, and code fences.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { main } from '../../lib/cli/main.ts'
import type { Io } from '../../lib/run/io.ts'
import { startLoopbackGitHub, type LoopbackGitHub, type LoopbackOptions } from '../../test/helpers/loopback-github.ts'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** One terminal: stdout and stderr in the order they were written, as a person sees them. */
export function terminal() {
  let text = ''
  const writer = { write: (chunk: string) => void (text += chunk) }
  return { writer, text: () => text }
}

/** The variables of a GitLab pipeline's deploy to staging, for the loopback GitHub `gh`. */
export const pipeline = (gh: LoopbackGitHub, extra: Record<string, string> = {}) =>
  gh.env({
    DEPLOY_ENV: 'staging',
    CI_COMMIT_SHA: '4f2a9c1',
    CI_COMMIT_MESSAGE: 'Bump the widget',
    CI_PIPELINE_URL: 'https://gitlab.example.com/acme/shop/-/pipelines/4242',
    REPORT_DOTENV: 'off',
    // The loopback has no secondary limits: no pause between writes, and quick retries.
    REPORT_WRITE_INTERVAL: '0',
    ...extra,
  })

/**
 * `$ deploy-failure-reporter <shown>` and what the command printed; `argv` is what it is given. With
 * `exit`, `shown` is the whole command line, which ends in `; echo "exit $?"`, and the exit code follows the output.
 */
export async function command(shown: string, argv: readonly string[], env: Io['env'], { exit = false } = {}): Promise<string> {
  const out = terminal()
  const code = await main(argv, { env, stdout: out.writer, stderr: out.writer })
  return exit ? `$ ${shown}; echo "exit $?"\n${out.text()}exit ${code}\n` : `$ deploy-failure-reporter ${shown}\n${out.text()}`
}

/** A shell command run as typed (its own process), stdout and stderr merged, with `$ <shown>` before it. */
export function shell(shown: string, script: string, { cwd = ROOT, env = {} }: { cwd?: string; env?: Record<string, string> } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `${script} 2>&1`], { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    let text = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
    child.on('error', reject)
    child.on('close', () => {
      // A crash is not a sample: Node's report of an uncaught error ends with its version line.
      if (/^Node\.js v\d+/m.test(text)) reject(new Error(`${shown} crashed:\n${text}`))
      else resolve(`$ ${shown}\n${text}`)
    })
  })
}

export async function withGitHub<T>(use: (gh: LoopbackGitHub) => Promise<T>, options?: LoopbackOptions): Promise<T> {
  const gh = await startLoopbackGitHub(options)
  try {
    return await use(gh)
  } finally {
    await gh.close()
  }
}

// A fence longer than any run of backticks inside, so an issue body's own code blocks stay inside it.
export const fence = (text: string, lang = '') => {
  const ticks = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)))
  return `${ticks}${lang}\n${text.replace(/\n*$/, '\n')}${ticks}\n`
}

