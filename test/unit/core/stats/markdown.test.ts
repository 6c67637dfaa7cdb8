import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Episode } from '../../../../lib/core/stats/episodes.ts'
import { MERMAID_LIMIT, renderMarkdown, SUMMARY_LIMIT } from '../../../../lib/core/stats/markdown.ts'
import { buildReport } from '../../../../lib/core/stats/report.ts'

const period = { since: new Date('2025-01-01T00:00:00Z'), until: new Date('2026-01-01T00:00:00Z') }
const HOUR = 3_600_000

function manyEpisodes(count: number, environment: string): Episode[] {
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(period.since.getTime() + i * 4 * HOUR)
    return { environment, start, end: new Date(start.getTime() + HOUR), ending: 'recovered', runs: [start], issues: [i + 1] }
  })
}

const gantt = (md: string) => /```mermaid\n(gantt\n[\s\S]*?)```/.exec(md)?.[1] ?? ''

test('a long history: the gantt stays under Mermaid\'s limit, the newest outages drawn and the rest counted', () => {
  const episodes = manyEpisodes(2000, 'production')
  const md = renderMarkdown(buildReport({ episodes, environments: ['production'], deploys: new Map() }, period, '365d'))
  const chart = gantt(md)
  // Within Mermaid's limit, and not far below the room it leaves.
  assert.ok(chart.length > 40_000 && chart.length < MERMAID_LIMIT, String(chart.length))
  const drawn = chart.split('\n').filter((l) => l.includes(':done,')).length
  const folded = Number(/(\d+) older outages are not drawn; the table counts them\./.exec(md)?.[1])
  assert.is(drawn + folded, 2000)
  assert.ok(drawn > 100, `only ${drawn} drawn`)
  // The newest is drawn, the oldest is not.
  assert.match(chart, ':done, 2025-11-30 04:00, 2025-11-30 05:00\n')
  assert.not.match(chart, ' 2025-01-01 00:00, 2025-01-01 01:00')
  assert.ok(new TextEncoder().encode(md).length < SUMMARY_LIMIT)
  assert.match(md, '| `production` | 2000 | 2000 | 2000 | 0 | 1 h | 1 h | 1 h | no | unknown |')
})

test('names that are Mermaid or table syntax are defused', () => {
  const episodes = manyEpisodes(1, 'prod|eu: #1; x\ny')
  const md = renderMarkdown(buildReport({ episodes, environments: ['prod|eu: #1; x\ny'], deploys: new Map() }, period, '365d'))
  assert.match(gantt(md), '    section prod_eu_ _1_ x y\n')
  assert.match(md, '| `prod\\|eu: #1; x y` | 1 |')
})

test('a quiet period says so and draws no gantt', () => {
  const md = renderMarkdown(buildReport({ episodes: [], environments: [], deploys: new Map() }, period, '365d'))
  assert.match(md, 'No deploy failures recorded in this period.')
  assert.is(gantt(md), '')
})

test.run()
