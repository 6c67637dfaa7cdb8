// The installed command as a team gets it: the project's tarball (`npm pack` after `npm run build`)
// installed offline into an empty temporary project, run as `<project>/node_modules/.bin/deploy-failure-reporter`
// with no npm or npx in between. Also what installing it costs: tarball size, installed size, install time.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { summary, timed } from './measure.ts'

export const BIN = 'deploy-failure-reporter'

export interface Installed {
  /** The temporary project; remove with {@link removeInstalled}. */
  readonly project: string
  /** `<project>/node_modules/.bin/deploy-failure-reporter`. */
  readonly bin: string
  readonly tarballBytes: number
  /** Everything `npm install <tarball>` put under the project's node_modules. */
  readonly installedBytes: number
  /** Median wall time of `npm install --offline <tarball>` into an empty project, npm's cache warm. */
  readonly installMs: number
  readonly installRuns: number
}

const sizeOf = (path: string): number => {
  const st = statSync(path, { throwIfNoEntry: false })
  if (!st || st.isSymbolicLink()) return 0
  if (!st.isDirectory()) return st.size
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
}

const emptyProject = (dir: string) => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), '{ "name": "bench-project", "version": "1.0.0", "private": true }\n')
  return dir
}

/**
 * Builds and packs the project at `root` (`npm run build`, `npm pack`), then installs the tarball offline
 * into empty projects `installs` times (the first one also warms npm's cache with the tarball itself) and
 * keeps the last project for the runs. `env` is the benchmark's plain environment (PATH picks the Node).
 */
export async function installPackage(root: string, env: Record<string, string>, installs = 3): Promise<Installed> {
  const work = mkdtempSync(join(tmpdir(), 'bench-installed-'))
  try {
    const run = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin?: unknown; scripts?: Record<string, string> }
    if (!pkg.bin || !pkg.scripts?.build) throw new Error(`${root}: package.json has no bin or no build script; nothing to install`)
    run('npm', ['run', 'build', '--silent'], root)
    // Built just above: --ignore-scripts keeps a prepack script from building it a second time.
    const [{ filename }] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], root)) as [{ filename: string }]
    const tarball = join(work, filename)
    const npmInstall = ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', tarball]
    const times: number[] = []
    let project = ''
    for (let i = 0; i < installs; i++) {
      project = emptyProject(join(work, `project-${i}`))
      const r = await timed({ command: 'npm', args: npmInstall, cwd: project, env })
      if (r.code !== 0) throw new Error(`npm install ${filename} failed (exit ${r.code}):\n${r.stdout}${r.stderr}`)
      if (i > 0 || installs === 1) times.push(r.ms)
      if (i < installs - 1) rmSync(project, { recursive: true, force: true })
    }
    return {
      project,
      bin: join(project, 'node_modules/.bin', BIN),
      tarballBytes: statSync(tarball).size,
      installedBytes: sizeOf(join(project, 'node_modules')),
      installMs: summary(times).median,
      installRuns: times.length,
    }
  } catch (error) {
    rmSync(work, { recursive: true, force: true })
    throw error
  }
}

/** Removes the temporary folder {@link installPackage} made. */
export function removeInstalled(installed: Installed): void {
  rmSync(join(installed.project, '..'), { recursive: true, force: true })
}
