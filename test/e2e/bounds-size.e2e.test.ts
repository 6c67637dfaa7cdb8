// Rule: every answer read into memory has a size cap (docs/security.md, "Bounds"): 32 MiB for an API's
// answer, 1 MiB for a chat post's, Slack's or the pager's. Against every service, an answer announced as
// 512 MiB by its content-length and one that never ends (chunked: no length to go by): the read fails
// (never parsed in part), is tried again as a failed read is, and the command's peak memory stays bounded;
// the issue is still filed when the service is not what the command is for. The announced one is refused
// before its body is read, so less than the cap is ever written to it; the endless one is read to the cap.
// (A 512 MiB answer sent chunked is, up to the cap, the endless one: the client cannot tell them apart.)
// The services are the list in test/helpers/services-under-fault.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Fault } from '../helpers/faults.ts'
import { ALL_SERVICES, runUnderFault, SERVICES } from '../helpers/services-under-fault.ts'
import { useLoopback } from '../helpers/servers.ts'

const lb = useLoopback(test, ALL_SERVICES)
// The process's own ~50-60 MiB, the 32 MiB cap's chunks, and the garbage of the reads before it: bounded,
// and far below the hundreds of MiB that holding the answer would take.
const PEAK_MIB = 200

// Written to an announced answer before the client left: about the sockets' buffers (~4 MiB here), far
// below the 32 MiB an API client reading to its cap would take (with the length check in lib/http/fetch.ts
// or stream.ts removed, 35-37 MiB). The 1 MiB cap of the chat, Slack and the pager is below the buffers,
// so there this bound holds either way; their check is the same line of the same two doors.
const UNREAD_MIB = 16

const FAULTS: readonly [string, () => Fault][] = [
  ['an answer announced as 512 MiB', () => ({ oversized: 512 << 20, sent: [] })],
  ['an answer that never ends', () => ({ endless: true })],
]

for (const service of SERVICES) {
  for (const [name, makeFault] of FAULTS) {
    test(`${service.name}, ${name}: a failed read, at most ${service.maxHits} request(s), peak memory under ${PEAK_MIB} MiB`, async () => {
      const fault = makeFault()
      // Time enough to read past the cap on a busy machine: the cap, not a time limit, must end the read.
      const r = await runUnderFault(lb, service, fault, undefined, { REPORT_TIMEOUT: '60', REPORT_CI_LOG_TIMEOUT: '60' })
      assert.ok(r.hits >= 1, 'the fault was reached')
      assert.ok(r.hits <= service.maxHits, `${r.hits} requests; the bound is ${service.maxHits}`)
      assert.ok(r.peakMiB < PEAK_MIB, `peak RSS ${r.peakMiB.toFixed(0)} MiB`)
      if (service.warns) assert.ok(/the answer is larger than 32 MiB, so it was not read/.test(r.stderr), r.stderr)
      if (service.filesIssue) {
        assert.is(r.code, 0, r.stderr)
        assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
      } else {
        assert.is.not(r.code, 0)
      }
      if ('sent' in fault) {
        assert.ok(fault.sent!.length >= 1 && fault.sent!.length <= r.hits, `${fault.sent!.length} announced answers in ${r.hits} requests`)
        for (const bytes of fault.sent!) assert.ok(bytes < UNREAD_MIB << 20, `${(bytes / 2 ** 20).toFixed(1)} MiB written: refused on its content-length, not read to the cap`)
      }
      console.log(`${service.name}, ${name}: ${r.hits} request(s), ${r.seconds.toFixed(1)} s, peak RSS ${r.peakMiB.toFixed(0)} MiB`)
    })
  }
}

test.run()
