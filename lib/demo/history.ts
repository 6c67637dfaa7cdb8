// The demo's history since the last good deploy of production, for the What changed section
// (docs/changes.md): the deployments the deploy job recorded (the last good one two hours ago, then this
// run's failed one), the three commits between them, and the two pull requests they came in.
// https://docs.github.com/en/rest/deployments/deployments, https://docs.github.com/en/rest/commits/commits#compare-two-commits

/** A deployment of the environment and its statuses, newest first, as GitHub lists them. */
export interface DemoDeployment {
  readonly id: number
  readonly sha: string
  readonly statuses: readonly { readonly state: string; readonly created_at: string }[]
}

/** A commit since the last good deploy, oldest first, with the pull request it came in. */
export interface DemoCommit {
  readonly sha: string
  readonly message: string
  readonly name: string
  readonly login: string
  readonly pull?: { readonly number: number; readonly title: string; readonly author: string }
}

/** What the demo's GitHub knows of the code: the deployments, and the commits from `base` to the newest. */
export interface DemoHistory {
  readonly environment: string
  readonly base: string
  readonly deployments: readonly DemoDeployment[]
  readonly commits: readonly DemoCommit[]
}

export const GOOD_SHA = '9c8b7a6d5e4f30211203f4e5d6c7b8a9f0e1d2c3'

/** The history of a deploy of `head` (its commit `message`) that failed, two hours after the last good one. */
export function demoHistory(head: string, message: string, now = Date.now()): DemoHistory {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString()
  return {
    environment: 'production',
    base: GOOD_SHA,
    deployments: [
      { id: 2, sha: head, statuses: [{ state: 'failure', created_at: at(1) }, { state: 'in_progress', created_at: at(3) }] },
      { id: 1, sha: GOOD_SHA, statuses: [{ state: 'success', created_at: at(125) }, { state: 'in_progress', created_at: at(128) }] },
    ],
    commits: [
      { sha: '3e1f0a9b8c7d6e5f40312a2b3c4d5e6f7a8b9c0d', message: 'Add an index on orders.created_at', name: 'Grace Hopper', login: 'grace', pull: { number: 211, title: 'Index orders by creation time', author: 'grace' } },
      { sha: '5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b', message: 'Fix a typo in the deploy runbook', name: 'Ada Lovelace', login: 'ada' },
      { sha: head, message, name: 'Ada Lovelace', login: 'ada', pull: { number: 212, title: 'Keep order totals in their own table', author: 'ada' } },
    ],
  }
}
