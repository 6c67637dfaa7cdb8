// Two rules of docs/security.md ("Bounds") as tests over the services of the fault kit
// (services-under-fault.ts), written once and run two ways: in process for every service but one
// (test/integration/cli/bounds-listing.test.ts, bounds-redirect.test.ts), since what they check is what the
// command sends and prints, and as a process for that one (test/e2e/bounds-listing.e2e.test.ts,
// bounds-redirect.e2e.test.ts), so that each rule is still proved through the compiled script, with its
// own output streams: a process can print through paths the io object does not cover (an uncaught error,
// a warning, a library's debug output).
import type { IncomingMessage } from 'node:http'
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Fault } from './faults.ts'
import { LoopbackServer } from './loopback-server.ts'
import { ALL_SERVICES, type FaultRun, type FaultRunInProcess, type ServiceUnderFault } from './services-under-fault.ts'
import { useLoopback, type Loopback } from './servers.ts'

/** runUnderFault (a process) or runUnderFaultInProcess. */
export type FaultRunner = (lb: Loopback, service: ServiceUnderFault, fault: Fault, times?: number, env?: Record<string, string>) => Promise<FaultRun | FaultRunInProcess>

/** The service whose cases run as a process; the others run in process. */
export const inAProcess = (service: ServiceUnderFault): boolean => service.name === 'GitHub REST (issue listing)'

/**
 * Every paginated listing has a cycle guard and a page cap. Against each listing of `services`, a server
 * whose `Link: rel="next"` (and `x-next-page`), or GraphQL `endCursor`, names the page just read (the
 * service's `cycle`): the listing ends with one [WARN] per listing read, the command sends no more than
 * its documented number of requests there, and the work goes on with what was read (the issue filed, the
 * figures printed).
 */
export function listingRule(suite: Test, run: FaultRunner, services: readonly ServiceUnderFault[]): void {
  const lb = useLoopback(suite, ALL_SERVICES)
  for (const service of services.filter((s) => s.listing)) {
    const cycle = service.cycle ?? { cyclicLink: true }
    suite(`${service.name}, ${'cyclicCursor' in cycle ? 'a cursor' : 'a Link'} back to the same page: one [WARN] per listing, at most ${service.maxHits} request(s), the work goes on`, async () => {
      const r = await run(lb, service, cycle)
      assert.is(r.code, 0, r.stderr)
      const warned = r.stderr.match(/^\[WARN\] Listing .+: the server named a page already read as the next one; the listing stops with the \d+ pages? read$/gm) ?? []
      assert.ok(warned.length >= 1, r.stderr)
      assert.ok(r.hits <= service.maxHits, `${r.hits} requests to the listing; the bound is ${service.maxHits}`)
      assert.ok(warned.length <= r.hits, 'one [WARN] per listing read, not per page')
      if (service.filesIssue) assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
      console.log(`${service.name}, ${'cyclicCursor' in cycle ? 'cyclic cursor' : 'cyclic Link'}: ${r.hits} request(s), ${warned.length} [WARN], ${r.seconds.toFixed(1)} s`)
    })
  }
}

// Every 8-character piece of each secret: a secret cut or partly masked still leaks.
const pieces = (secrets: readonly string[]) => secrets.flatMap((s) => Array.from({ length: Math.max(s.length - 7, 0) }, (_, i) => s.slice(i, i + 8)))

/**
 * No redirect carries a credential to another origin, and an error body that echoes the request
 * (credentials and all) never reaches the output. Against each of `services`: a redirect to another
 * origin, which records what it is sent, and an error answer echoing the request. An API read follows the
 * redirect without its credentials; a post whose address or body is a secret (chat, Slack, the pager)
 * does not follow it at all. (A redirect from https to plain http is refused: tested with TLS in
 * test/e2e/http/redirect-downgrade.test.ts, since these servers speak plain http.)
 */
export function redirectRules(suite: Test, run: FaultRunner, services: readonly ServiceUnderFault[]): void {
  const lb = useLoopback(suite, ALL_SERVICES)

  // Another origin (another port), recording every request, answering 404.
  let seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = []
  const other = new LoopbackServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    seen.push({ url: req.url ?? '', headers: req.headers, body })
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}')
  })
  suite.before(async () => void (await other.listen()))
  suite.after(() => other.close())
  suite.before.each(() => void (seen = []))

  for (const service of services) {
    suite(`${service.name}, a redirect to another origin: ${service.redirects === 'followed' ? 'followed without credentials' : 'not followed'}`, async () => {
      const r = await run(lb, service, { redirect: `${other.url}/elsewhere?from=redirect`, status: 307 })
      if (service.filesIssue) assert.is(r.code, 0, r.stderr)
      if (service.redirects === 'refused') assert.is(seen.length, 0, 'a post whose address or body is a secret follows no redirect')
      else assert.ok(seen.length >= 1, 'an API read follows a redirect')
      const sent = JSON.stringify(seen)
      for (const piece of pieces(r.secrets)) assert.not.ok(sent.includes(piece), `the other origin was sent a piece of a credential: ${piece}`)
      console.log(`${service.name}, redirect to another origin: ${seen.length} request(s) there, none with a credential`)
    })

    suite(`${service.name}, an error body echoing the request: no piece of a credential in the output`, async () => {
      const r = await run(lb, service, { echo: 500 })
      if (service.filesIssue) assert.is(r.code, 0, r.stderr)
      const output = r.stdout + r.stderr
      for (const piece of pieces(r.secrets)) assert.not.ok(output.includes(piece), `the output holds a piece of a credential: ${piece}`)
    })
  }
}
