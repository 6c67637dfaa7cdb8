import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { countInWindow } from '../../../../lib/core/stats/deploy-window.ts'

const at = (day: number) => ({ created_at: `2026-11-${String(day).padStart(2, '0')}T12:00:00Z` })
const since = new Date('2026-11-10T00:00:00Z')
const until = new Date('2026-11-20T00:00:00Z')

test('counts the records created in [since, until), newest first, and reads no page past the first that reaches before since', async () => {
  const served: number[] = []
  async function* pages() {
    const all = [[at(25), at(20), at(19)], [at(15), at(10)], [at(9), at(8)], [at(7)]]
    for (const [i, data] of all.entries()) {
      served.push(i)
      yield { data }
    }
  }
  // 19, 15 and 10 are inside; 25 and 20 are at or after `until`, 9 and 8 before `since`.
  assert.is(await countInWindow(pages(), since, until), 3)
  assert.equal(served, [0, 1, 2])
})

test('an empty list counts nothing', async () => {
  async function* none() {}
  assert.is(await countInWindow(none(), since, until), 0)
})

test.run()
