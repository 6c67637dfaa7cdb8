// Runs real GitLab pipelines locally with gitlab-ci-local (a devDependency): every job in the shell of
// this machine, whatever its `image:`, so no container engine is needed. It needs Node >= 22 (node24())
// and rsync, which it uses to copy the checkout even for shell jobs: it gets the stand-in in
// test/helpers/rsync/, first on its PATH, so that the suite needs no rsync on the machine.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { ROOT, runCommand, type RunResult } from './helpers.ts'
import { node24 } from './node24.ts'

/** gitlab-ci-local's command line, run with node24(). */
export const CLI = join(ROOT, 'node_modules/gitlab-ci-local/dist/index.js')
const RSYNC_STAND_IN = join(ROOT, 'test/helpers/rsync')

/** A fresh git repository in a temporary folder holding `files` (path → content; `.sh` files executable), committed. */
export function gitRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'glci-'))
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir })
  // gitlab-ci-local derives the project's path and addresses from the origin remote; it never fetches it.
  execFileSync('git', ['remote', 'add', 'origin', 'https://gitlab.example.invalid/acme/shop.git'], { cwd: dir })
  execFileSync('git', ['symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main'], { cwd: dir })
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content, { mode: path.endsWith('.sh') ? 0o755 : 0o644 })
  }
  commitAll(dir)
  return dir
}

/**
 * Copies this project's own files (tracked and new, never ignored ones such as node_modules) into `dir/sub`,
 * but for the folders in `leaveOut`.
 */
export function copyProject(dir: string, sub: string, leaveOut: readonly string[] = []): void {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
  for (const file of files) if (!leaveOut.some((folder) => file.startsWith(`${folder}/`))) cpSync(join(ROOT, file), join(dir, sub, file), { recursive: true })
}

/** `git add -A && git commit` in `dir`, as the app's developer would before pushing. */
export function commitAll(dir: string): void {
  // No automatic maintenance: a test repository is gone before it would pay off.
  const git = (...args: string[]) => execFileSync('git', ['-c', 'maintenance.auto=false', '-c', 'gc.auto=0', ...args], { cwd: dir, stdio: 'ignore' })
  git('add', '-A')
  git('-c', 'user.name=App Dev', '-c', 'user.email=dev@example.invalid', 'commit', '-q', '--allow-empty', '-m', 'Deploy the widget')
}

// gitlab-ci-local checks the pipeline against GitLab's JSON schema of .gitlab-ci.yml on every run: ~0.55 s
// of CPU of its ~1.2 s. The same YAML gets the same verdict, so each folder's YAML, as it is now, is checked
// on its first run in this process and not again.
const checked = new Set<string>()

/** `--no-json-schema-validation` when `dir`'s YAML files, as they are now, were checked by an earlier run; else nothing. */
export function schemaCheckOnce(dir: string): string[] {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z', '--', '*.yml', '*.yaml'], { cwd: dir, encoding: 'utf8' }).split('\0').filter(Boolean).sort()
  const hash = createHash('sha256').update(dir)
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(dir, file)))
  const key = hash.digest('hex')
  if (checked.has(key)) return ['--no-json-schema-validation']
  checked.add(key)
  return []
}

/**
 * Runs the pipeline of `dir`'s .gitlab-ci.yml with `variables` set as CI/CD variables (as a project's
 * settings would), and returns gitlab-ci-local's exit code and output (exit 1 when a job failed).
 */
export async function runPipeline(dir: string, variables: Record<string, string>, env: Record<string, string> = {}): Promise<RunResult> {
  const args = [CLI, '--no-color', '--force-shell-executor', '--home', join(dir, '.gitlab-ci-local-home'), ...schemaCheckOnce(dir)]
  for (const [name, value] of Object.entries(variables)) args.push('--variable', `${name}=${value}`)
  // The jobs' `node` is Node 24, as in their images (the component's node:24-slim, the example's node:24),
  // not whichever Node runs the suite: on a Node 20 line the vendored after_script's typed reporter then
  // costs ~1.2 s of CPU instead of ~2.5 s (no tsx; measured 2026-11-27). npm answers from its cache when
  // it can (the tests reach no registry for what is cached already) and makes no audit or funding report,
  // which no test reads.
  const PATH = [RSYNC_STAND_IN, dirname(node24()), process.env.PATH ?? ''].join(delimiter)
  const npm = { npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' }
  return runCommand(node24(), args, { PATH, ...npm, ...env }, { cwd: dir, timeoutMs: 180_000 })
}

/**
 * The jobs gitlab-ci-local would run in `dir`'s pipeline for these CI/CD variables, without running any
 * (`--list`: the same rules evaluated as for a run), one line each: name, stage, when, allow_failure, needs.
 */
export async function listJobs(dir: string, variables: Record<string, string> = {}): Promise<string[]> {
  const args = [CLI, '--list', '--no-color', '--home', join(dir, '.gitlab-ci-local-home'), ...schemaCheckOnce(dir)]
  for (const [name, value] of Object.entries(variables)) args.push('--variable', `${name}=${value}`)
  const r = await runCommand(node24(), args, {}, { cwd: dir })
  if (r.code !== 0) throw new Error(`gitlab-ci-local --list exited with ${r.code}\n${r.stdout}${r.stderr}`)
  const table = r.stdout.split('\n')
  const header = table.findIndex((line) => /^name\s+description\s+stage/.test(line))
  if (header < 0) throw new Error(`no job table in gitlab-ci-local --list's output\n${r.stdout}`)
  return table.slice(header + 1).filter(Boolean).map((line) => line.split(/\s+/).filter(Boolean).join(' '))
}
