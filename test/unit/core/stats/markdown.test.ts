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
  const md = renderMarkdown(buildReport({ episodes, environments: ['production'], deploys: new Map(), named: [] }, period, '365d'))
  const chart = gantt(md)
  // Within Mermaid's limit, and not far below the room it leaves.
  assert.ok(chart.length > 40_000 && chart.length < MERMAID_LIMIT, String(chart.length))
  const drawn = chart.split('\n').filter((l) => l.includes(':done,')).length
  const folded = Number(/(\d+) older outages are not drawn; the table counts them\./.exec(md)?.[1])
  assert.is(drawn + folded, 2000)
  assert.ok(drawn > 100, `only ${drawn} drawn`)
  // The newest is drawn, the oldest is not.
  assert.match(chart, ':done, 2025-11-30 04:00, 60m\n')
  assert.not.match(chart, ' 2025-01-01 00:00, 60m')
  assert.ok(new TextEncoder().encode(md).length < SUMMARY_LIMIT)
  assert.match(md, '| `production` | 2000 | 2000 | 2000 | 0 | 1 h | 1 h | 1 h | no | unknown |')
})

test('names that are Mermaid or table syntax are defused', () => {
  const episodes = manyEpisodes(1, 'prod|eu: #1; x\ny')
  const md = renderMarkdown(buildReport({ episodes, environments: ['prod|eu: #1; x\ny'], deploys: new Map(), named: [] }, period, '365d'))
  assert.match(gantt(md), '    section prod_eu_ _1_ x y\n')
  assert.match(md, '| `prod\\|eu: #1; x y` | 1 |')
})

// Issue 32: the gantt's bars across a daylight-saving change. Mermaid reads a date without an offset in
// the reader's zone, so each bar is its start and its length: never reversed, never an hour too long.
const outage = (environment: string, from: string, to: string): Episode => ({ environment, start: new Date(from), end: new Date(to), ending: 'recovered', runs: [new Date(from)], issues: [1] })
const autumn = { since: new Date('2026-10-01T00:00:00Z'), until: new Date('2026-12-01T00:00:00Z') }

test('--tz across a daylight-saving change: a bar is its local start and its true length', () => {
  const report = (e: Episode) => gantt(renderMarkdown(buildReport({ episodes: [e], environments: ['prod'], deploys: new Map(), named: [] }, autumn, 'autumn', 'America/New_York')))
  // 2026-11-01: clocks go back at 06:00Z (02:00 EDT → 01:00 EST). 05:50Z is 01:50 EDT, 06:10Z is 01:10 EST.
  assert.match(report(outage('prod', '2026-11-01T05:50:00Z', '2026-11-01T06:10:00Z')), ':done, 2026-11-01 01:50, 20m\n')
  // 2026-03-08: clocks go forward at 07:00Z (02:00 EST → 03:00 EDT). 06:50Z is 01:50 EST, 07:10Z is 03:10 EDT.
  const spring = { since: new Date('2026-03-01T00:00:00Z'), until: new Date('2026-04-01T00:00:00Z') }
  const chart = gantt(renderMarkdown(buildReport({ episodes: [outage('prod', '2026-03-08T06:50:00Z', '2026-03-08T07:10:00Z')], environments: ['prod'], deploys: new Map(), named: [] }, spring, 'spring', 'America/New_York')))
  assert.match(chart, ':done, 2026-03-08 01:50, 20m\n')
  for (const line of chart.split('\n').filter((l) => l.includes(':done,'))) assert.match(line, /, \d{4}-\d{2}-\d{2} \d{2}:\d{2}, \d+m$/)
})

test('environments whose names differ only in replaced characters, or after the cut, get sections of their own', () => {
  const long = 'e'.repeat(80)
  const names = ['a:b', 'a;b', `${long}-one`, `${long}-two`]
  const episodes = names.map((name, i) => outage(name, `2026-10-0${i + 1}T10:00:00Z`, `2026-10-0${i + 1}T11:00:00Z`))
  const chart = gantt(renderMarkdown(buildReport({ episodes, environments: names, deploys: new Map(), named: [] }, autumn, 'autumn')))
  const sections = chart.split('\n').filter((l) => l.startsWith('    section ')).map((l) => l.slice('    section '.length))
  assert.is(sections.length, 4, chart)
  assert.is(new Set(sections).size, 4, sections.join(' | '))
  assert.equal(sections.slice(0, 2), ['a_b', 'a_b 2'])
  for (const s of sections) assert.ok([...s].length <= 80, s)
})

test('the 80-character cut never splits a character: an astral letter stays whole', () => {
  // U+1D400 (MATHEMATICAL BOLD CAPITAL A) is a letter written as a surrogate pair in UTF-16.
  const name = 'x'.repeat(79) + '\u{1D400}\u{1D400}'
  const chart = gantt(renderMarkdown(buildReport({ episodes: [outage(name, '2026-10-02T10:00:00Z', '2026-10-02T11:00:00Z')], environments: [name], deploys: new Map(), named: [] }, autumn, 'autumn')))
  const section = chart.split('\n').find((l) => l.startsWith('    section '))!.slice('    section '.length)
  assert.is(section, 'x'.repeat(79) + '\u{1D400}')
  assert.not.match(section, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/, 'no lone surrogate')
})

test('a quiet period says so and draws no gantt', () => {
  const md = renderMarkdown(buildReport({ episodes: [], environments: [], deploys: new Map(), named: [] }, period, '365d'))
  assert.match(md, 'No deploy failures recorded in this period.')
  assert.is(gantt(md), '')
})

test.run()
