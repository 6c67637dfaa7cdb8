// A GitHub Actions job log far larger than anything the reader may keep, streamed from the loopback log
// host, read by the real `report` command at flat memory: its peak resident set grows by a few MB at most
// over a run reading a tiny log. The log is generated as it is sent, never held whole, by the test either.
// The reader keeps at most MAX_HELD characters of lines (lib/github/log-cutter.ts, 1 Mi) and one line
// being read (lib/http/stream-lines.ts), whatever the log's size: 48 MB is enough to fail a reader that
// keeps the log (+48 MB and more, against a bound of 10), for a quarter of the CPU of the 200 MB this
// test read before. (The reset of a kept-alive connection that the server closed while a long read kept it
// idle, first seen here reading 200 MB, is test/integration/http/fetch.test.ts's and agent.test.ts's.)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV } from '../helpers/fixtures.ts'
import { GUARD, runScript } from '../helpers/helpers.ts'
import { actionsJob, CLEANUP, LoopbackActions, SETUP, stamped, type LogBody } from '../helpers/loopback-github-actions.ts'
import { useLoopback } from '../helpers/servers.ts'

const ENV = { ...FIXED_ENV, ...FAST_ENV }
const PEAK = `--import=${new URL('../helpers/peak-rss.mjs', import.meta.url).href}`
const MB = 1024 * 1024

const servers = useLoopback(test, { github: true, tmpdir: 'ci-log-memory-' })

// A log of about `bytes`: set-up, then one step printing numbered lines, its error, and clean-up.
function generatedLog(bytes: number): LogBody & { sent: () => number; lastRow: () => number } {
  let sent = 0
  let last = -1
  return {
    sent: () => sent,
    lastRow: () => last,
    stream: async (write) => {
      const send = async (text: string) => {
        sent += Buffer.byteLength(text)
        return write(text)
      }
      await send(stamped([...SETUP, '##[group]Run ./deploy.sh production', './deploy.sh production', '##[endgroup]']))
      const filler = ' '.padEnd(60, 'x')
      for (let n = 0; sent < bytes; ) {
        const lines = Array.from({ length: 1000 }, () => `migrating row ${(last = n++)}${filler}`)
        if (!(await send(stamped(lines, n)))) return
      }
      await send(stamped(['migration failed at the last row', '##[error]Process completed with exit code 3.', ...CLEANUP]))
    },
  }
}

// Runs the reporter reading a log of `bytes`, and returns its peak RSS (KiB), the issue body, the bytes
// sent and the last numbered row.
async function reportWith(bytes: number, nodeFlags: string): Promise<{ peakKiB: number; body: string; sent: number; lastRow: number }> {
  const actions = await LoopbackActions.attach(servers.gh)
  try {
    const log = generatedLog(bytes)
    actions.add(actionsJob(77, 'migrate', 'failure', [['Set up job', 'success'], ['Migrate', 'failure']], log))
    const file = join(servers.dir, `rss-${bytes}-${nodeFlags.length}.txt`)
    const env = servers.gh.env({ ...ENV, ...actions.env(), REPORT_CI_LOG_TIMEOUT: '300', REPORT_LOG_LINES: '20', PEAK_RSS_FILE: file, NODE_OPTIONS: `${GUARD} ${PEAK} ${nodeFlags}`.trim() })
    // Run with node directly (not through npx) so the preload sits in the one process that reads the log.
    const r = await runScript('report.mts', ['Deploy job failed'], env, { cwd: servers.dir, timeoutMs: 300_000 })
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, '')
    assert.equal(actions.logHost.withCredentials, [])
    const peaks = readFileSync(file, 'utf8').trim().split('\n').map((line) => Number(line.split(' ')[1]))
    const body = (servers.gh.calls('POST', /\/issues$/).at(-1)!.json as { body: string }).body
    return { peakKiB: Math.max(...peaks), body, sent: log.sent(), lastRow: log.lastRow() }
  } finally {
    await actions.close()
  }
}

const BIG = 48 * MB

test('a 48 MB log: read to its end at flat memory (a 1 MB young generation), its failing step\'s last lines in the issue', async () => {
  // With Node's defaults, V8 grows its young generation (two halves of up to 16 MB) under the rate of
  // short-lived line strings, and promotes some of them before a full collection, whatever is kept: seen
  // from +7 to +35 MB reading 200 MB on a loaded machine. Held at 1 MB, what remains is what the reader
  // keeps; the flag changes the collector's sizes, not what lib/ does. So the runs here hold it at 1 MB.
  const flags = '--max-semi-space-size=1'
  const small = await reportWith(64 * 1024, flags)
  await servers.restart()
  const big = await reportWith(BIG, flags)
  assert.ok(big.sent >= BIG, `only ${big.sent} bytes sent`)
  // The excerpt holds the log's true end: the last rows and the error, so the whole log was read.
  assert.ok(big.body.includes(`\nmigrating row ${big.lastRow} x`), `the last row, ${big.lastRow}, is not in the issue`)
  assert.match(big.body, /\nmigrating row \d+ x+\nmigration failed at the last row\nError: Process completed with exit code 3\.\n```/)
  assert.match(small.body, /\nmigration failed at the last row\nError: Process completed with exit code 3\.\n```/)
  const mb = (big.peakKiB - small.peakKiB) / 1024
  console.log(`peak RSS (${flags}): ${(small.peakKiB / 1024).toFixed(1)} MB with a 64 KB log, ${(big.peakKiB / 1024).toFixed(1)} MB with a ${BIG / MB} MB log (${mb >= 0 ? '+' : ''}${mb.toFixed(1)} MB)`)
  // A few MB at most (runs of the same command vary by about 6 MB); keeping the log would take 48 MB and more.
  assert.ok(mb < 10, `peak RSS grew by ${mb.toFixed(1)} MB reading a ${BIG / MB} MB log with a 1 MB young generation`)
})

test.run()
