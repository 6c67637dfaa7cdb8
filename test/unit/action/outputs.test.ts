// action.yml's outputs, held to what a run writes: the names `report` and `resolve` put in GITHUB_OUTPUT,
// and every outcome value their result types allow, each listed in the `outcome` output's description.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'
import type { Resolution } from '../../../lib/core/flows/resolve.ts'
import type { ReportResult } from '../../../lib/core/report-result.ts'
import { outputLines, resolveOutputLines } from '../../../lib/run/outputs.ts'
import { ROOT } from '../../helpers/helpers.ts'

const outputs = (parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { outputs: Record<string, { description: string }> }).outputs

// Every value of each outcome type, and nothing else: tsc refuses a missing key or an extra one.
const REPORT_OUTCOMES: Record<ReportResult['outcome'], true> = { created: true, duplicate: true, commented: true, reopened: true, failed: true, held: true }
const RESOLVE_OUTCOMES: Record<Resolution['outcome'], true> = { resolved: true, nothing: true, failed: true }

const names = (lines: string) => [...lines.matchAll(/^([\w-]+)(?:=|<<)/gm)].map((m) => m[1]!)

test("action.yml's outputs are exactly the names report and resolve write", () => {
  const report = names(outputLines({ outcome: 'created', number: 1, url: 'u', title: 't', failed: [], changes: null }))
  const resolve = names(resolveOutputLines({ outcome: 'resolved', closed: [1], failed: [] }))
  assert.equal(Object.keys(outputs).sort(), [...new Set([...report, ...resolve])].sort())
})

test("the outcome output's description names every outcome of report and of resolve", () => {
  const [reportPart = '', resolvePart = ''] = outputs.outcome!.description.split(';')
  const listed = (part: string) => [...part.replace(/^[^:]*:/, '').matchAll(/[a-z]+/g)].map((m) => m[0]).filter((w) => w !== 'or')
  assert.equal(listed(reportPart).sort(), Object.keys(REPORT_OUTCOMES).sort())
  assert.equal(listed(resolvePart).sort(), Object.keys(RESOLVE_OUTCOMES).sort())
})

test.run()
