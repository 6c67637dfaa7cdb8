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

/** Commits listed from the checkout at most; the rest are counted. */
const MAX_LISTED = 100

const SHA = /^[0-9a-f]{7,64}$/i

/**
 * The checkout's own history as a CommitHistory (lib/core/changes.ts): it compares two commits without
 * a request when it holds both (`git cat-file -e`); CI checkouts are often shallow, and then it does not.
 */
export function localHistory(cwd?: string): import('../core/changes.ts').CommitHistory {
  const run = async (args: readonly string[]) => (await git())({ cwd })`git ${args}`
  const ok = async (args: readonly string[]) => (await run(args)).exitCode === 0
  const count = async (range: string) => Number((await run(['rev-list', '--count', range])).stdout.trim()) || 0
  return {
    name: 'the checkout',
    async holds(base, head) {
      if (!SHA.test(base) || !SHA.test(head)) return false
      const [a, b] = await Promise.all([ok(['cat-file', '-e', `${base}^{commit}`]), ok(['cat-file', '-e', `${head}^{commit}`])])
      return a && b
    },
    async compare(base, head) {
      const [ahead, behind] = await Promise.all([ok(['merge-base', '--is-ancestor', base, head]), ok(['merge-base', '--is-ancestor', head, base])])
      const behindBy = ahead ? 0 : await count(`${head}..${base}`)
      if (behind && !ahead) return { status: 'behind', commits: [], total: 0, behindBy }
      const out = await run(['log', `--max-count=${MAX_LISTED}`, '--format=%H%x1f%an%x1f%s', `${base}..${head}`])
      if (out.exitCode !== 0) throw new Error(`git log ${base}..${head} failed: ${out.stderr.trim().slice(0, 200)}`)
      const commits = out.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const [sha = '', author = '', ...subject] = line.split('\x1f')
          return { sha, author, subject: subject.join('\x1f') }
        })
      const total = commits.length < MAX_LISTED ? commits.length : await count(`${base}..${head}`)
      return { status: ahead ? (total ? 'ahead' : 'identical') : 'diverged', commits, total, behindBy }
    },
  }
}
