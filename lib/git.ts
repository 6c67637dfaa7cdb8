import { $ } from 'zx/core'

const git = $({ quiet: true, nothrow: true, verbose: false })

/** `git rev-parse --short HEAD` in `cwd`, or undefined outside a repository or without git. */
export async function shortSha(cwd?: string): Promise<string | undefined> {
  const out = await git({ cwd })`git rev-parse --short HEAD`
  const sha = out.stdout.trim()
  return out.exitCode === 0 && sha ? sha : undefined
}

/** `git log -1 --pretty=%B` in `cwd` without its trailing newlines, or undefined when it fails. */
export async function lastCommitMessage(cwd?: string): Promise<string | undefined> {
  const out = await git({ cwd })`git log -1 --pretty=%B`
  const message = out.stdout.replace(/\s+$/, '')
  return out.exitCode === 0 && message ? message : undefined
}
