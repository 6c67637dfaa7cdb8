import type { Shell } from 'zx/core'
import type { CommitHistory } from '../core/changes.ts'
import { objectLookup, type ObjectLookup } from './git-objects.ts'

// zx/core is imported on first use: in CI, CI_COMMIT_SHA and CI_COMMIT_MESSAGE are set and git is never
// asked, so the reporter's usual path does not pay for loading it.
let shell: Promise<Shell> | undefined
// A shell made once keeps zx's working folder from when zx was loaded, so every call names its own: the
// caller's, else the process's now (a run hosted in a long-lived process may have changed it since).
const git = () => (shell ??= import('zx/core').then(({ $ }) => $({ quiet: true, nothrow: true, verbose: false })))

/** `git rev-parse --short HEAD` in `cwd`, or undefined outside a repository or without git. */
export async function shortSha(cwd?: string): Promise<string | undefined> {
  const out = await (await git())({ cwd: cwd ?? process.cwd() })`git rev-parse --short HEAD`
  const sha = out.stdout.trim()
  return out.exitCode === 0 && sha ? sha : undefined
}

/** `git log -1 --pretty=%B` in `cwd` without its trailing newlines, or undefined when it fails. */
export async function lastCommitMessage(cwd?: string): Promise<string | undefined> {
  const out = await (await git())({ cwd: cwd ?? process.cwd() })`git log -1 --pretty=%B`
  const message = out.stdout.replace(/\s+$/, '')
  return out.exitCode === 0 && message ? message : undefined
}

/** Commits listed from the checkout at most; the rest are counted. */
const MAX_LISTED = 100

const SHA = /^[0-9a-f]{7,64}$/i

// The checkout's answers once it is closed: nothing is held, and no git is asked.
const NOTHING_HELD: ObjectLookup = { commits: async (names) => names.map(() => false), close: () => undefined }

// git itself, without a shell: zx's `$` starts bash for every call, which took 5-8 s per call on the
// test machine under a clean environment (node's spawn of bash alone: 5.9 s; git through execFile: 0.2 s).
// `signal` is the read's deadline (REPORT_CHANGES_TIMEOUT): when it aborts, git is killed (execFile's
// `signal`, https://nodejs.org/api/child_process.html#child_processexecfilefile-args-options-callback) and
// the call rejects, so a git that hangs (a huge history, a lock) neither holds the run nor outlives it.
const gitFile = async (args: readonly string[], cwd?: string, signal?: AbortSignal): Promise<{ code: number; stdout: string; stderr: string }> => {
  const { execFile } = await import('node:child_process')
  // Past the deadline, no git is started at all.
  signal?.throwIfAborted()
  return new Promise((resolve, reject) => {
    execFile('git', [...args], { cwd, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }, ...(signal ? { signal } : {}) }, (error, stdout, stderr) => {
      if (signal?.aborted) return reject(signal.reason)
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : 1) : 0
      resolve({ code, stdout: String(stdout), stderr: String(stderr) })
    })
  })
}

/**
 * The checkout's own history as a CommitHistory (lib/core/changes.ts): it compares two commits without
 * a request when it holds both (`git cat-file --batch-check`); CI checkouts are often shallow, and then it does not.
 */
export function localHistory(cwd?: string): CommitHistory {
  const ok = async (args: readonly string[], signal: AbortSignal) => (await gitFile(args, cwd, signal)).code === 0
  const count = async (range: string, signal: AbortSignal) => Number((await gitFile(['rev-list', '--count', range], cwd, signal)).stdout.trim()) || 0
  // One git answers every "does the checkout hold it" of the run (lib/run/git-objects.ts).
  let objects: Promise<ObjectLookup> | undefined
  let closed = false
  // None after close: the read sets its warm-up for the next turn of the loop, and may have ended by then.
  const lookup = () => (objects ??= closed ? Promise.resolve(NOTHING_HELD) : objectLookup(cwd))
  return {
    name: 'the checkout',
    warm: () => void lookup(),
    async holds(base, head) {
      if (!SHA.test(base) || !SHA.test(head)) return false
      return (await (await lookup()).commits([base, head])).every(Boolean)
    },
    close: () => {
      closed = true
      void objects?.then((lookup) => lookup.close())
    },
    async compare(base, head, signal) {
      const [ahead, behind] = await Promise.all([ok(['merge-base', '--is-ancestor', base, head], signal), ok(['merge-base', '--is-ancestor', head, base], signal)])
      const behindBy = ahead ? 0 : await count(`${head}..${base}`, signal)
      if (behind && !ahead) return { status: 'behind', commits: [], total: 0, behindBy }
      const out = await gitFile(['log', `--max-count=${MAX_LISTED}`, '--format=%H%x1f%P%x1f%an%x1f%s', `${base}..${head}`], cwd, signal)
      if (out.code !== 0) throw new Error(`git log ${base.slice(0, 7)}..${head.slice(0, 7)} failed: ${out.stderr.trim().slice(0, 200)}`)
      const commits = out.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const [sha = '', parents = '', author = '', ...subject] = line.split('\x1f')
          // The parents let a merge commit's pull request claim the commits it brought (lib/core/merged-pulls.ts).
          return { sha, author, subject: subject.join('\x1f'), parents: parents.split(' ').filter(Boolean) }
        })
      const total = commits.length < MAX_LISTED ? commits.length : await count(`${base}..${head}`, signal)
      return { status: ahead ? (total ? 'ahead' : 'identical') : 'diverged', commits, total, behindBy }
    },
  }
}
