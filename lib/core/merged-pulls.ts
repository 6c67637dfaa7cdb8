// Which merged pull request brought each commit, worked out from the pull requests' merge commits, with
// no request per commit: a squash or rebase merge's commit is the pull request's `merge_commit_sha`, and a
// merge commit brought every commit its second parent reaches that its first parent does not.
// https://docs.github.com/en/rest/pulls/pulls#get-a-pull-request (merge_commit_sha)
import type { ChangeCommit, ChangePull, PullLookup } from './changes.ts'

/** A merged pull request and the commit its merge left on the base branch. */
export interface MergedPull extends ChangePull {
  readonly mergeSha: string
}

// Every commit of `within` that `from` reaches, itself included, following parents inside `within` only
// (the commits outside it are the last good deploy's).
function reach(from: readonly string[], within: ReadonlyMap<string, ChangeCommit>): Set<string> {
  const seen = new Set<string>()
  const stack = [...from]
  while (stack.length) {
    const sha = stack.pop()!
    const commit = within.get(sha)
    if (!commit || seen.has(sha)) continue
    seen.add(sha)
    stack.push(...(commit.parents ?? []))
  }
  return seen
}

/**
 * The pull request of each of `commits` that one of `merged` brought, by full sha. A rebase merge's
 * earlier commits are not named by any merge commit, so they stay without one.
 */
export function attributePulls(commits: readonly ChangeCommit[], merged: readonly MergedPull[]): Map<string, ChangePull> {
  const bySha = new Map(commits.map((commit) => [commit.sha.toLowerCase(), { ...commit, parents: commit.parents?.map((p) => p.toLowerCase()) }]))
  const pullOf = new Map(merged.map(({ mergeSha, ...pull }) => [mergeSha.toLowerCase(), pull as ChangePull]))
  const out = new Map<string, ChangePull>()
  for (const sha of bySha.keys()) if (pullOf.has(sha)) out.set(sha, pullOf.get(sha)!)
  // Oldest merge first, so that a pull request merged into another's branch keeps its own commits.
  for (const [sha, commit] of [...bySha].reverse()) {
    const pull = pullOf.get(sha)
    const [first, ...others] = commit.parents ?? []
    if (!pull || !others.length) continue
    const before = reach(first ? [first] : [], bySha)
    for (const brought of reach(others, bySha)) if (!before.has(brought) && !out.has(brought)) out.set(brought, pull)
  }
  return out
}

/**
 * The pull requests of commits from one listing of recently merged ones (`list`): sent once, at `start`
 * (as the search begins) or at the first `pullsOf`, and matched to each comparison's commits by
 * {@link attributePulls}. A failure nobody reads (no comparison was needed) means nothing.
 */
export function mergedPullLookup(list: (signal: AbortSignal) => Promise<MergedPull[]>): PullLookup {
  let listed: Promise<MergedPull[]> | undefined
  const once = (signal: AbortSignal): Promise<MergedPull[]> => {
    if (!listed) {
      listed = list(signal)
      listed.catch(() => undefined)
    }
    return listed
  }
  return { start: (signal) => void once(signal), pullsOf: async (commits, signal) => attributePulls(commits, await once(signal)) }
}
