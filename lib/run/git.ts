import type { Shell } from 'zx/core'

// zx/core is imported on first use: in CI, CI_COMMIT_SHA and CI_COMMIT_MESSAGE are set and git is never
// asked, so the reporter's usual path does not pay for loading it.
let shell: Promise<Shell> | undefined
const git = () => (shell ??= import('zx/core').then(({ $ }) => $({ quiet: true, nothrow: true, verbose: false })))

/** `git rev-parse --short HEAD` in `cwd`, or undefined outside a repository or without git. */
export async function shortSha(cwd?: string): Promise<string | undefined> {
  const out = await (await git())({ cwd })`git rev-parse --short HEAD`
  const sha = out.stdout.trim()
  return out.exitCode === 0 && sha ? sha : undefined
}

/** `git log -1 --pretty=%B` in `cwd` without its trailing newlines, or undefined when it fails. */
export async function lastCommitMessage(cwd?: string): Promise<string | undefined> {
  const out = await (await git())({ cwd })`git log -1 --pretty=%B`
  const message = out.stdout.replace(/\s+$/, '')
  return out.exitCode === 0 && message ? message : undefined
}
