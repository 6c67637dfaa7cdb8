import type { CommitHistory } from '../core/changes.ts'
import { objectLookup, type ObjectLookup } from './git-objects.ts'
import { gitFile } from './git-process.ts'

// The deploy's facts (lib/run/deploy.ts) when CI_COMMIT_SHA and CI_COMMIT_MESSAGE are unset. `signal` is
// their deadline (REPORT_TIMEOUT): when it aborts, git is killed and the call rejects with its reason.
// Every call names its folder: the caller's, else the process's now (a run hosted in a long-lived
// process may have changed it since the module loaded).

/** `git rev-parse --short HEAD` in `cwd`, or undefined outside a repository or without git. */
export async function shortSha(cwd?: string, signal?: AbortSignal): Promise<string | undefined> {
  const out = await gitFile(['rev-parse', '--short', 'HEAD'], cwd ?? process.cwd(), signal)
  const sha = out.stdout.trim()
  return out.code === 0 && sha ? sha : undefined
}

/** `git log -1 --pretty=%B` in `cwd` without its trailing newlines, or undefined when it fails. */
export async function lastCommitMessage(cwd?: string, signal?: AbortSignal): Promise<string | undefined> {
  const out = await gitFile(['log', '-1', '--pretty=%B'], cwd ?? process.cwd(), signal)
  const message = out.stdout.replace(/\s+$/, '')
  return out.code === 0 && message ? message : undefined
}

/** Commits listed from the checkout at most; the rest are counted. */
const MAX_LISTED = 100

const SHA = /^[0-9a-f]{7,64}$/i

// The checkout's answers once it is closed: nothing is held, and no git is asked.
const NOTHING_HELD: ObjectLookup = { commits: async (names) => names.map(() => false), close: () => undefined }

/**
 * The checkout's own history as a CommitHistory (lib/core/changes.ts): it compares two commits without
 * a request when it holds both (`git cat-file --batch-check`); CI checkouts are often shallow, and then it does not.
 * The comparison's git calls take the read's deadline (REPORT_CHANGES_TIMEOUT) as their signal: a git that
 * hangs (a huge history, a lock) neither holds the run nor outlives it (lib/run/git-process.ts).
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
