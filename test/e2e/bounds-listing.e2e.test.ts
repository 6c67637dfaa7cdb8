// Rule: every paginated listing has a cycle guard and a page cap (docs/security.md, "Bounds"). Against every
// listing, a server whose `Link: rel="next"` (and `x-next-page`), or GraphQL `endCursor`, names the page
// just read (the service's `cycle`): the listing ends with one [WARN] per listing read, the command sends
// no more than its documented number of requests there, and the work goes on with what was read (the
// issue filed, the figures printed).
// The services are the list in test/helpers/services-under-fault.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ALL_SERVICES, runUnderFault, SERVICES } from '../helpers/services-under-fault.ts'
import { useLoopback } from '../helpers/servers.ts'

const lb = useLoopback(test, ALL_SERVICES)

for (const service of SERVICES.filter((s) => s.listing)) {
  const cycle = service.cycle ?? { cyclicLink: true }
  test(`${service.name}, ${'cyclicCursor' in cycle ? 'a cursor' : 'a Link'} back to the same page: one [WARN] per listing, at most ${service.maxHits} request(s), the work goes on`, async () => {
    const r = await runUnderFault(lb, service, cycle)
    assert.is(r.code, 0, r.stderr)
    const warned = r.stderr.match(/^\[WARN\] Listing .+: the server named a page already read as the next one; the listing stops with the \d+ pages? read$/gm) ?? []
    assert.ok(warned.length >= 1, r.stderr)
    assert.ok(r.hits <= service.maxHits, `${r.hits} requests to the listing; the bound is ${service.maxHits}`)
    assert.ok(warned.length <= r.hits, 'one [WARN] per listing read, not per page')
    if (service.filesIssue) assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
    console.log(`${service.name}, ${'cyclicCursor' in cycle ? 'cyclic cursor' : 'cyclic Link'}: ${r.hits} request(s), ${warned.length} [WARN], ${r.seconds.toFixed(1)} s`)
  })
}

test.run()
