// Rules: no redirect carries a credential to another origin, and an error body that echoes the request
// (credentials and all) never reaches the output (docs/security.md, "Bounds"). Against every service: a
// redirect to another origin, which records what it is sent, and an error answer echoing the request. An
// API read follows the redirect without its credentials; a post whose address or body is a secret (chat,
// Slack, the pager) does not follow it at all. (A redirect from https to plain http is refused: tested with
// TLS in test/e2e/http/redirect-downgrade.test.ts, since these servers speak plain http.)
// The services are the list in test/helpers/services-under-fault.ts.
import type { IncomingMessage } from 'node:http'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { LoopbackServer } from '../helpers/loopback-server.ts'
import { ALL_SERVICES, runUnderFault, SERVICES } from '../helpers/services-under-fault.ts'
import { useLoopback } from '../helpers/servers.ts'

const lb = useLoopback(test, ALL_SERVICES)

// Another origin (another port), recording every request, answering 404.
let seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = []
const other = new LoopbackServer(async (req, res) => {
  let body = ''
  for await (const chunk of req) body += chunk
  seen.push({ url: req.url ?? '', headers: req.headers, body })
  res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}')
})
test.before(async () => void (await other.listen()))
test.after(() => other.close())
test.before.each(() => void (seen = []))

// Every 8-character piece of each secret: a secret cut or partly masked still leaks.
const pieces = (secrets: readonly string[]) => secrets.flatMap((s) => Array.from({ length: Math.max(s.length - 7, 0) }, (_, i) => s.slice(i, i + 8)))

for (const service of SERVICES) {
  test(`${service.name}, a redirect to another origin: ${service.redirects === 'followed' ? 'followed without credentials' : 'not followed'}`, async () => {
    const r = await runUnderFault(lb, service, { redirect: `${other.url}/elsewhere?from=redirect`, status: 307 })
    if (service.filesIssue) assert.is(r.code, 0, r.stderr)
    if (service.redirects === 'refused') assert.is(seen.length, 0, 'a post whose address or body is a secret follows no redirect')
    else assert.ok(seen.length >= 1, 'an API read follows a redirect')
    const sent = JSON.stringify(seen)
    for (const piece of pieces(r.secrets)) assert.not.ok(sent.includes(piece), `the other origin was sent a piece of a credential: ${piece}`)
    console.log(`${service.name}, redirect to another origin: ${seen.length} request(s) there, none with a credential`)
  })

  test(`${service.name}, an error body echoing the request: no piece of a credential in the output`, async () => {
    const r = await runUnderFault(lb, service, { echo: 500 })
    if (service.filesIssue) assert.is(r.code, 0, r.stderr)
    const output = r.stdout + r.stderr
    for (const piece of pieces(r.secrets)) assert.not.ok(output.includes(piece), `the output holds a piece of a credential: ${piece}`)
  })
}

test.run()
