// A 200 MB GitHub Actions job log, streamed from the loopback log host, read by the real `report` command
// at flat memory: its peak resident set grows by a few MB at most over a run reading a tiny log. The
// log is generated as it is sent, never held whole, by the test either.
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
function generatedLog(bytes: number): LogBody & { sent: () => number } {
  let sent = 0
  return {
    sent: () => sent,
    stream: async (write) => {
      const send = async (text: string) => {
        sent += Buffer.byteLength(text)
        return write(text)
      }
      await send(stamped([...SETUP, '##[group]Run ./deploy.sh production', './deploy.sh production', '##[endgroup]']))
      const filler = ' '.padEnd(60, 'x')
      for (let n = 0; sent < bytes; ) {
        const lines = Array.from({ length: 1000 }, () => `migrating row ${n++}${filler}`)
        if (!(await send(stamped(lines, n)))) return
      }
      await send(stamped(['migration failed at the last row', '##[error]Process completed with exit code 3.', ...CLEANUP]))
    },
  }
}

// Runs the reporter reading a log of `bytes`, and returns its peak RSS (KiB) and the issue body.
async function reportWith(bytes: number, nodeFlags = ''): Promise<{ peakKiB: number; body: string; sent: number }> {
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
    return { peakKiB: Math.max(...peaks), body, sent: log.sent() }
  } finally {
    await actions.close()
  }
}

const growth = async (nodeFlags: string) => {
  const small = await reportWith(64 * 1024, nodeFlags)
  await servers.restart()
  const big = await reportWith(200 * MB, nodeFlags)
  await servers.restart()
  assert.ok(big.sent >= 200 * MB, `only ${big.sent} bytes sent`)
  // The excerpt holds the log's true end: the last rows and the error, so the whole log was read.
  assert.match(big.body, /\nmigrating row \d{7} x+\nmigration failed at the last row\nError: Process completed with exit code 3\.\n```/)
  assert.match(small.body, /\nmigration failed at the last row\nError: Process completed with exit code 3\.\n```/)
  const mb = (big.peakKiB - small.peakKiB) / 1024
  console.log(`peak RSS${nodeFlags ? ` (${nodeFlags})` : ''}: ${(small.peakKiB / 1024).toFixed(1)} MB with a 64 KB log, ${(big.peakKiB / 1024).toFixed(1)} MB with a 200 MB log (${mb >= 0 ? '+' : ''}${mb.toFixed(1)} MB)`)
  return mb
}

test('a 200 MB log: read to its end at flat memory, its failing step\'s last lines in the issue', async () => {
  // With Node's defaults, V8 grows its young generation (two halves of up to 16 MB) under the rate of
  // short-lived line strings, and promotes some of them before a full collection, whatever is kept: seen
  // from +7 to +35 MB on a loaded machine. The bound still fails a reader that holds the log (+200 MB);
  // the few-MB claim is the one below, with the young generation held still.
  const asShipped = await growth('')
  assert.ok(asShipped < 64, `peak RSS grew by ${asShipped.toFixed(1)} MB reading a 200 MB log`)
  // With the young generation held at 1 MB, what remains is what the reader keeps: a few MB at most (runs of the same command vary by about 6 MB).
  const kept = await growth('--max-semi-space-size=1')
  assert.ok(kept < 10, `peak RSS grew by ${kept.toFixed(1)} MB reading a 200 MB log with a 1 MB young generation`)
})

test.run()
