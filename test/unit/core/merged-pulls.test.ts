import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ChangeCommit } from '../../../lib/core/changes.ts'
import { attributePulls, mergedPullLookup, type MergedPull } from '../../../lib/core/merged-pulls.ts'

const sha = (n: number) => `${'a'.repeat(38)}${n.toString(16).padStart(2, '0')}`
const commit = (n: number, parents: number[]): ChangeCommit => ({ sha: sha(n), subject: `c${n}`, author: 'Ada', parents: parents.map(sha) })
const pull = (number: number, merge: number): MergedPull => ({ number, title: `PR ${number}`, author: 'ada', url: `https://example.test/pull/${number}`, mergeSha: sha(merge) })
const numbers = (found: ReadonlyMap<string, { number: number }>) => Object.fromEntries([...found].map(([s, p]) => [parseInt(s.slice(-2), 16), p.number]))

// Base commit 1 (the last good deploy) is outside the compared set; the set lists newest first, as compare does.
test('a squash merge: the pull request names its one commit; a direct push stays without one', () => {
  const commits = [commit(3, [2]), commit(2, [1])]
  assert.equal(numbers(attributePulls(commits, [pull(7, 2)])), { 2: 7 })
})

test('a merge commit brings the commits its second parent reaches and its first does not', () => {
  // 1 ─ 2 ─────── 5 (merge of 4) ─ 6
  //      \ 3 ─ 4 /
  const commits = [commit(6, [5]), commit(5, [2, 4]), commit(4, [3]), commit(3, [2]), commit(2, [1])]
  assert.equal(numbers(attributePulls(commits, [pull(9, 5)])), { 5: 9, 4: 9, 3: 9 })
})

test('a branch that merged the base in: the base\'s commits stay the base\'s', () => {
  // 2 is on the base; the branch (3, then 4 merging 2 in) is merged by 5.
  const commits = [commit(5, [2, 4]), commit(4, [3, 2]), commit(3, [1]), commit(2, [1])]
  assert.equal(numbers(attributePulls(commits, [pull(9, 5), pull(8, 2)])), { 5: 9, 4: 9, 3: 9, 2: 8 })
})

test('a pull request merged into another\'s branch keeps its own commits', () => {
  // 3 on branch B; A's commit 4 merged into B by 5; B merged into the base by 6.
  const commits = [commit(6, [2, 5]), commit(5, [3, 4]), commit(4, [3]), commit(3, [2]), commit(2, [1])]
  assert.equal(numbers(attributePulls(commits, [pull(20, 6), pull(10, 5)])), { 6: 20, 5: 10, 4: 10, 3: 20 })
})

test('a rebase merge names only its last commit; ids match whatever their case', () => {
  const commits = [commit(4, [3]), commit(3, [2]), commit(2, [1])]
  const upper = { ...pull(5, 4), mergeSha: sha(4).toUpperCase() }
  assert.equal(numbers(attributePulls(commits, [upper])), { 4: 5 })
})

test('no merged pull request, or commits without parents: nothing is claimed beyond the merge commits', () => {
  assert.equal(attributePulls([commit(2, [1])], []).size, 0)
  const bare: ChangeCommit = { sha: sha(3), subject: 'x', author: 'Ada' }
  assert.equal(numbers(attributePulls([bare], [pull(4, 3)])), { 3: 4 })
})

test('mergedPullLookup: one listing, sent at start and reused by every match; a failure no match reads is not unhandled', async () => {
  const signal = new AbortController().signal
  let listings = 0
  const lookup = mergedPullLookup(async () => (listings++, [pull(7, 2)]))
  lookup.start!(signal)
  assert.is(listings, 1, 'sent at start')
  assert.equal(numbers(await lookup.pullsOf([commit(2, [1])], signal)), { 2: 7 })
  assert.equal(numbers(await lookup.pullsOf([commit(3, [2])], signal)), {})
  assert.is(listings, 1, 'never sent again')

  const unhandled: unknown[] = []
  const seen = (reason: unknown) => void unhandled.push(reason)
  process.on('unhandledRejection', seen)
  try {
    mergedPullLookup(async () => Promise.reject(new Error('HTTP 403'))).start!(signal)
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.equal(unhandled, [])
  } finally {
    process.off('unhandledRejection', seen)
  }
  const refused = mergedPullLookup(async () => Promise.reject(new Error('HTTP 403')))
  await refused.pullsOf([commit(2, [1])], signal).then(() => assert.unreachable(), (error: Error) => assert.is(error.message, 'HTTP 403'))
})

test.run()
