// Property-based tests of the log excerpt: generated logs built from random bytes, terminal escape codes,
// code fences and secrets planted at every position, rendered into the issue body with generated
// messages and reasons. The body must stay within GitHub's limit, keep its structure, and carry none of
// the planted secrets.
import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { renderBody, type Failure } from '../../../../lib/core/text/issue.ts'
import { logTail } from '../../../../lib/core/text/log-tail.ts'
import { isWellFormedJson } from '../../../helpers/loopback-github.ts'

const TIME = new Date(2026, 10, 5, 9, 3, 7)
const alnum = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'), minLength: min, maxLength: max })
const upper = (n: number) => fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'), minLength: n, maxLength: n })

/** A planted secret: the text written into the log, and the part of it that must never reach the body. */
interface Secret {
  readonly text: string
  readonly core: string
}
const shaped = (prefix: string, core: fc.Arbitrary<string>): fc.Arbitrary<Secret> => core.map((c) => ({ text: prefix + c, core: c }))
const secret: fc.Arbitrary<Secret> = fc.oneof(
  fc.constantFrom('ghp_', 'gho_', 'ghs_', 'ghu_', 'ghr_').chain((prefix) => shaped(prefix, alnum(36, 40))),
  shaped('github_pat_', alnum(60, 82)),
  shaped('glpat-', alnum(20, 26)),
  fc.constantFrom('xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxs-').chain((prefix) => shaped(prefix, alnum(24, 50))),
  fc.constantFrom('AKIA', 'ASIA').chain((prefix) => shaped(prefix, upper(16))),
  fc.tuple(fc.constantFrom('Authorization: Bearer ', 'authorization: token ', 'Authorization:Basic ', 'PRIVATE-TOKEN: '), alnum(16, 30)).map(([h, c]) => ({ text: h + c, core: c })),
  fc.tuple(fc.constantFrom('RSA ', 'EC ', 'OPENSSH ', '', 'ENCRYPTED '), fc.array(alnum(20, 64), { minLength: 1, maxLength: 4 })).map(([kind, lines]) => ({
    text: `-----BEGIN ${kind}PRIVATE KEY-----\n${lines.join('\n')}\n-----END ${kind}PRIVATE KEY-----`,
    core: lines.join('\n'),
  })),
  alnum(24, 30).map((c) => ({ text: `https://hooks.slack.com/services/T0/B0/${c}`, core: c })),
)
/** The run's own token: any shape at all, so only knowing it can catch it. */
const RUN_TOKEN = 'run-token-Qz7!xK2#vL9'

const ansi = fc.oneof(
  fc.constantFrom('\u001B[0m', '\u001B[1;31m', '\u001B[38;5;196m', '\u001B[2K', '\u001B[1G', '\u001B[?25l', '\u001B[K', '\u001B]0;title\u0007', '\u001B]8;;https://x\u001B\\', '\u009B32m', '\u001B(B', '\u001Bc'),
  fc.tuple(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 3 }), fc.constantFrom('m', 'K', 'G', 'H', 'A', 'J', 'h', 'l')).map(([n, end]) => `\u001B[${n.join(';')}${end}`),
)
const fence = fc.oneof(fc.integer({ min: 1, max: 12 }).map((n) => '`'.repeat(n)), fc.constantFrom('~~~', '```js', '\n```\n', '\n~~~~\n', '</details>', '<details>'))
const piece = fc.oneof(
  ansi,
  fence,
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.uint8Array({ maxLength: 16 }).map((bytes) => new TextDecoder().decode(bytes)),
  fc.constantFrom('\n', '\r\n', '\r', '\t', ' ', '\u0000', '\u0007', '\u007F', '\uD800', '\uDFFF', '😀', '@alice', '#12', '-----END PRIVATE KEY-----', '-----BEGIN PRIVATE KEY-----', 'Authorization', 'ghp_', 'npm ERR! ', 'exit 1'),
  alnum(0, 20),
)
const noise = (maxPieces: number) => fc.array(piece, { maxLength: maxPieces }).map((pieces) => pieces.join(''))

/** A log with secrets planted at arbitrary positions of the noise (inside lines, escape codes or fences too). */
const plantedLog = fc
  .tuple(noise(60), fc.array(fc.tuple(secret, fc.nat()), { maxLength: 4 }), fc.boolean())
  .map(([text, plants, withRunToken]) => {
    const all: [Secret, number][] = [...plants, ...(withRunToken ? [[{ text: RUN_TOKEN, core: RUN_TOKEN }, text.length] as [Secret, number]] : [])]
    // Positions in the noise, planted from the last to the first, so no secret lands inside another.
    const at = all.map(([s, n]) => [s, n % (text.length + 1)] as const).sort((a, b) => b[1] - a[1])
    let log = text
    for (const [s, i] of at) log = log.slice(0, i) + s.text + log.slice(i)
    return { log, secrets: all.map(([s]) => s) }
  })

const hugeLog = fc.tuple(plantedLog, fc.integer({ min: 500, max: 4000 })).map(([{ log, secrets }, times]) => ({ log: (log || '`x\n').repeat(times), secrets }))

const failureWith = (log: string, lines: number, message: string, reason: string): Failure => ({
  environment: 'staging',
  commitSha: 'abc1234',
  commitMessage: message,
  reason,
  pipelineUrl: 'https://ci.example/p/7',
  time: TIME,
  log: { text: logTail(log, lines, [RUN_TOKEN]), source: 'deploy.log', jobUrl: 'https://gitlab.example/j/1' },
})

function checkBody(f: Failure, secrets: readonly Secret[]): void {
  const body = renderBody(f)
  assert.ok(body.length <= 65_536, `body length ${body.length}`)
  for (const s of secrets) {
    assert.not.ok(body.includes(s.core), `a planted secret survived: ${JSON.stringify(s.text)}`)
  }
  assert.not.match(body, /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/, 'nothing invisible is sent')
  assert.ok(isWellFormedJson(Buffer.from(JSON.stringify({ body }), 'utf8')))

  // The log section: right after the reason, its fence closed only by its own closing line.
  const lines = body.split('\n')
  const start = lines.indexOf('### Log excerpt')
  assert.ok(start > lines.indexOf('### Failure Reason'))
  assert.match(lines[start + 1]!, /^<details><summary>Last \d+ lines? of deploy\.log, full log: <a href="https:\/\/gitlab\.example\/j\/1">/)
  let open = start + 3
  if (/^\*\[\d+ characters cut\]\*$/.test(lines[open]!)) open += 2
  const fenceLine = lines[open]!
  assert.match(fenceLine, /^`{3,}$/)
  const close = lines.indexOf(fenceLine, open + 1)
  const inside = lines.slice(open + 1, close)
  assert.not.ok(inside.some((line) => new RegExp(`^ {0,3}\`{${fenceLine.length},}[ \\t]*$`).test(line)), 'no log line closes the fence')
  assert.equal(lines.slice(close + 1, close + 4), ['', '</details>', ''])
  assert.is(lines[close + 4], '### Required Actions')
  // What it holds is the end of the cleaned tail.
  assert.ok(f.log!.text.endsWith(inside.join('\n')))
}

test('generated logs with planted secrets: no secret survives, the fence holds, the body fits', () => {
  fc.assert(
    fc.property(plantedLog, fc.integer({ min: 1, max: 200 }), noise(10), noise(10), ({ log, secrets }, lines, message, reason) => {
      checkBody(failureWith(log, lines, message, reason), secrets)
    }),
    { numRuns: 2000 },
  )
})

test('huge logs, messages and reasons: the limit holds and still no secret survives', () => {
  const big = fc.oneof(noise(10), fc.tuple(noise(8), fc.integer({ min: 1000, max: 20_000 })).map(([t, n]) => (t || 'm').repeat(n)))
  fc.assert(
    fc.property(hugeLog, fc.integer({ min: 1, max: 100_000 }), big, big, ({ log, secrets }, lines, message, reason) => {
      checkBody(failureWith(log, lines, message, reason), secrets)
    }),
    { numRuns: 40 },
  )
})

test.run()
