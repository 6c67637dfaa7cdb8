// Every git the reporter starts: how it is started, and how it is ended when its caller's deadline comes.
// A git can block where the reporter cannot see it (another process's lock, a slow disk, a huge history, a
// partial clone fetching what it lacks, a credential helper waiting for input); the after-script it holds
// files no issue and holds the job until CI kills it. So each call takes a signal, and its git is killed
// when it aborts.
import type { ChildProcess } from 'node:child_process'

/**
 * The environment for git: the caller's, and two settings that keep a read of the checkout from waiting on
 * anything but the disk (https://git-scm.com/docs/git#_environment_variables):
 * - `GIT_TERMINAL_PROMPT=0`: git never asks on the terminal (for a user name or password);
 * - `GIT_NO_LAZY_FETCH=1` (Git 2.44; older gits ignore it): a partial clone does not fetch an object it
 *   lacks from its promisor remote on demand. The reporter reads commits, which partial clones keep (their
 *   filters, such as `blob:none` and `tree:0`, leave out file contents and trees:
 *   https://git-scm.com/docs/partial-clone); a missing one is then "no answer" instead of a network
 *   fetch with its own credential helper, run as a child git does not end when it is killed
 *   (`fetch_objects` in git's promisor-remote.c starts it without `clean_on_exit`).
 */
export const gitEnv = (): NodeJS.ProcessEnv => ({ ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_NO_LAZY_FETCH: '1' })

/** The most of git's standard output or error kept; past it, git is killed and the call fails. */
const MAX_OUTPUT = 16 * 1024 * 1024

/**
 * Kills `child` and whatever it started. Each git is started as the leader of a process group of its own
 * (`detached`: setsid, https://nodejs.org/api/child_process.html#optionsdetached), so one kill of the
 * group (a negative pid, https://man7.org/linux/man-pages/man2/kill.2.html) also ends a child git left
 * running (a fetch, a hook, a credential helper), which killing git alone would orphan. SIGKILL: these
 * are reads, with no lock of theirs to clean up, and a git that ignored SIGTERM would hold the run's exit.
 * In its own session git also has no terminal to prompt on.
 */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // The group has ended already.
  }
}

export interface GitOutput {
  /** git's exit code; 1 when it could not start (no git on PATH) or said too much. */
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * `git <args>` in `cwd`, without a shell: zx's `$` starts bash for every call, which a kill of bash would
 * not get past to git, and which may read the user's ~/.bashrc first (measured on the maintainers' machine,
 * `git rev-parse HEAD`: 0.59 s a call through `$` from an environment without SHLVL, 0.02 s with it set,
 * 0.012 s for git alone). When `signal` aborts, git and all it
 * started are killed at once ({@link killGroup}) and the call rejects with the signal's reason; after it,
 * no git is started. The call does not wait for git to be reaped, and git no longer holds the process open.
 */
export async function gitFile(args: readonly string[], cwd?: string, signal?: AbortSignal): Promise<GitOutput> {
  const { spawn } = await import('node:child_process')
  signal?.throwIfAborted()
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...args], { cwd, env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    const out = { stdout: '', stderr: '' }
    let settled = false
    const settle = (finish: () => void) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', abort)
      finish()
    }
    function abort() {
      killGroup(child)
      child.stdout?.destroy()
      child.stderr?.destroy()
      // Reaped when it ends; a git the kernel has not let die yet (a disk in uninterruptible sleep) must not
      // keep the run alive once it has nothing more to do.
      child.unref()
      settle(() => reject(signal!.reason))
    }
    signal?.addEventListener('abort', abort, { once: true })
    for (const name of ['stdout', 'stderr'] as const) {
      child[name]?.setEncoding('utf8').on('data', (chunk: string) => {
        out[name] += chunk
        if (out[name].length <= MAX_OUTPUT) return
        killGroup(child)
        settle(() => resolve({ code: 1, ...out }))
      })
    }
    child.on('error', () => settle(() => resolve({ code: 1, ...out })))
    child.on('close', (code) => settle(() => resolve({ code: code ?? 1, ...out })))
  })
}
