// What the redactor (lib/core/redact.ts) costs on the create path: redact() timed here, in this process,
// over exactly the texts one create sent out (recorded by the loopback and read from the run's output),
// with the secrets its configuration registers, and set against the wall time of the same creates run in
// the same bench. Every byte a create sends passes the redactor (docs/security.md); this says what that
// costs. The process does the same work the same way: the title and body (lib/github/tracker.ts),
// the chat payload (lib/chat/webhook.ts, redactDeep), and each printed line twice (lib/run/io.ts: the log
// line, then the stream).
import { performance } from 'node:perf_hooks'
import { loadConfig } from '../lib/config/config.ts'
import { forgetSecrets, redact, redactDeep, registeredSecrets } from '../lib/core/redact.ts'
import type { Recorded } from '../test/helpers/faults.ts'
import type { Run } from './measure.ts'

/** What one create sent: the requests and chat posts the loopback recorded during it, and its output. */
export interface CreateTraffic {
  readonly requests: readonly Recorded[]
  readonly chat: readonly Recorded[]
  readonly run: Run
  /** The environment the create ran with: its configuration registers the secrets. */
  readonly env: Record<string, string>
}

export interface RedactCost {
  /** Texts redact() took, and their characters. */
  readonly texts: number
  readonly chars: number
  readonly secrets: number
  /** The first pass in this process (the shapes' regular expressions not yet run), in ms. */
  readonly firstMs: number
  /** The mean of `passes` passes after it, in ms. */
  readonly meanMs: number
  readonly passes: number
}

const lines = (text: string) => text.split(/(?<=\n)/).filter((line) => line !== '')

/** The redactor's work for one create: one pass over every text it sent, as the process passes them. */
function onePass(traffic: CreateTraffic): { texts: number; chars: number } {
  let texts = 0
  let chars = 0
  const take = (text: string) => {
    texts++
    chars += text.length
    redact(text)
  }
  for (const r of traffic.requests) {
    if (r.method !== 'POST' || !/\/issues$/.test(r.path)) continue
    const { title, body } = r.json as { title: string; body: string }
    take(title)
    take(body)
  }
  for (const post of traffic.chat) {
    const strings = JSON.stringify(post.json).length
    texts++
    chars += strings
    redactDeep(post.json)
  }
  for (const line of [...lines(traffic.run.stdout), ...lines(traffic.run.stderr)]) {
    take(line)
    take(line)
  }
  return { texts, chars }
}

/** Times the redactor over `traffic`, the first pass and then the mean of `passes` more. */
export function redactCost(traffic: CreateTraffic, passes = 2000): RedactCost {
  forgetSecrets()
  // The same secrets the create's own process registered, by the same code.
  loadConfig(traffic.env)
  const secrets = registeredSecrets().length
  let start = performance.now()
  const { texts, chars } = onePass(traffic)
  const firstMs = performance.now() - start
  start = performance.now()
  for (let i = 0; i < passes; i++) onePass(traffic)
  const meanMs = (performance.now() - start) / passes
  forgetSecrets()
  return { texts, chars, secrets, firstMs, meanMs, passes }
}

const share = (ms: number, of: number) => `${((ms / of) * 100).toFixed(ms / of < 0.0001 ? 4 : 3)}%`

/** The printed lines: the redactor's time for one create next to the creates' median wall time. */
export function formatRedactCost(label: string, cost: RedactCost, createMs: number, createLabel: string): string[] {
  return [
    `  ${label}: ${cost.texts} texts, ${cost.chars.toLocaleString('en')} characters, ${cost.secrets} secrets registered: ` +
      `${(cost.meanMs * 1000).toFixed(1)} µs per create (mean of ${cost.passes} passes; the first ${cost.firstMs.toFixed(2)} ms), ` +
      `${share(cost.meanMs, createMs)} of ${createLabel}'s ${createMs.toFixed(0)} ms (first pass: ${share(cost.firstMs, createMs)})`,
  ]
}
