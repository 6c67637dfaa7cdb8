// Two more rules of docs/security.md ("Bounds") as tests over the services of the fault kit
// (services-under-fault.ts), written once and run two ways, as bounds-rules.ts's are: a deadline ends
// everything it covers, and every answer read into memory has a size cap. In process
// (runUnderFaultInProcess) for every service but one (test/integration/cli/bounds-deadline-*.test.ts,
// bounds-size.test.ts): a run's own time from its call to its result, what it leaves keeping the process
// alive (kept-alive.ts) and the bytes the server wrote before the client left show what a process's exit
// time shows, and what bounds its memory. As a process (runUnderFault) for that one
// (test/e2e/bounds-deadline.e2e.test.ts, bounds-size.e2e.test.ts): the same service, the same code paths
// (lib/http/fetch.ts and stream.ts serve every service), proved through the compiled script as it runs in
// CI, with its exit and its peak memory, which only a process has.
import { readFileSync } from 'node:fs'
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import type { FaultRunner } from './bounds-rules.ts'
import type { Fault } from './faults.ts'
import { ALL_SERVICES, SERVICES, type ServiceUnderFault } from './services-under-fault.ts'
import { useLoopback } from './servers.ts'

/** The deadline rule's faults, by name; the rate limit applies where a service's calls are under a deadline shorter than REPORT_MAX_WAIT. */
export const DEADLINE_FAULTS = {
  'no answer': { hang: true },
  'a slow drip': { drip: true, everyMs: 100 },
  'a rate limit of 30 s': { rateLimit: 30 },
} as const satisfies Record<string, Fault>

export type DeadlineFault = keyof typeof DEADLINE_FAULTS

// Start-up and a plain run's own work, on a machine that may be busy: measured, not assumed.
const SLACK_SECONDS = 5

/**
 * A deadline ends everything it covers. Against each of `services`, each of `faults` (a server that never
 * answers, one that drips its answer a byte at a time; where the calls are under a deadline shorter than
 * REPORT_MAX_WAIT, a rate limit asking for a longer wait than that deadline): the command sends no more
 * than its documented number of requests there, is done within its documented time past a plain run's,
 * leaves nothing running (a process exits; in process, nothing more keeps the process alive than before),
 * still files the issue when the service is not what the command is for, and prints nothing after its result.
 */
export function deadlineRule(suite: Test, run: FaultRunner, services: readonly ServiceUnderFault[], faults: readonly DeadlineFault[]): void {
  const lb = useLoopback(suite, ALL_SERVICES)

  // A plain run's start-up and own work, measured once (a busy machine takes seconds).
  let plain: number | undefined
  const startupSeconds = async (): Promise<number> => {
    if (plain === undefined) {
      const r = await run(lb, SERVICES[0]!, { status: 500 }, 0)
      plain = Math.min(r.seconds, 10)
      await lb.restart()
    }
    return plain
  }

  for (const service of services) {
    for (const name of faults.filter((f) => f !== 'a rate limit of 30 s' || service.deadline)) {
      suite(`${service.name}, ${name}: at most ${service.maxHits} request(s) there, done within ${service.deadlineSeconds} s and start-up, nothing left running`, async () => {
        const startup = await startupSeconds()
        const r = await run(lb, service, DEADLINE_FAULTS[name])
        assert.ok(r.hits >= 1, 'the fault was reached')
        assert.ok(r.hits <= service.maxHits, `${r.hits} requests to the spoiled endpoint; the bound is ${service.maxHits}`)
        assert.ok(r.seconds <= service.deadlineSeconds + startup + SLACK_SECONDS, `took ${r.seconds.toFixed(1)} s; the bound is ${service.deadlineSeconds} s past a ${startup.toFixed(1)} s start-up`)
        // A process's time above ends at its exit; in process, the result is in, and nothing it opened may still run.
        if ('keptAlive' in r) assert.equal(r.keptAlive, [], `the run left these keeping the process alive: ${r.keptAlive.join(', ')}`)
        if (service.filesIssue) {
          assert.is(r.code, 0, r.stderr)
          assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
        } else {
          assert.is.not(r.code, 0)
        }
        // Nothing after the result: every retry line comes from a request the deadline still allowed.
        assert.ok((r.stderr.match(/Attempt \d+\/\d+ failed/g) ?? []).length <= service.maxHits, r.stderr)
        console.log(`${service.name}, ${name}: ${r.hits} request(s), ${r.seconds.toFixed(1)} s (start-up ${startup.toFixed(1)} s)${'peakMiB' in r ? `, peak RSS ${r.peakMiB.toFixed(0)} MiB` : ''}`)
      })
    }
  }
}

// A process's own ~50-60 MiB, the 32 MiB cap's chunks, and the garbage of the reads before it: bounded,
// and far below the hundreds of MiB that holding the answer would take.
const PEAK_MIB = 200

// Written to an announced answer before the client left: about the sockets' buffers (~4 MiB here), far
// below the 32 MiB an API client reading to its cap would take (with the length check in lib/http/fetch.ts
// or stream.ts removed, 35-37 MiB). The 1 MiB cap of the chat, Slack and the pager is below the buffers,
// so there this bound holds either way; their check is the same line of the same two doors.
const UNREAD_MIB = 16

// What can sit in the kernel's buffers past what an endless answer's reader took: the receive buffer,
// which Linux grows on its own up to tcp_rmem's maximum (32 MiB on this project's machines), and the send
// buffer, up to tcp_wmem's. A reader that a busy machine keeps from running lets the receive buffer fill:
// one CI run had 63 MiB written to a reader with a 32 MiB cap. With the cap removed, 100-132 MiB.
// https://www.kernel.org/doc/html/latest/networking/ip-sysctl.html (tcp_rmem, tcp_wmem)
const kernelMax = (file: string): number => {
  try {
    return Number(readFileSync(file, 'utf8').trim().split(/\s+/)[2]) || 0
  } catch {
    return 0
  }
}
const BUFFERED_MIB = Math.max(UNREAD_MIB, Math.ceil((kernelMax('/proc/sys/net/ipv4/tcp_rmem') + kernelMax('/proc/sys/net/ipv4/tcp_wmem')) / 2 ** 20))

const SIZE_FAULTS: readonly [string, () => Fault & { sent: number[] }][] = [
  ['an answer announced as 512 MiB', () => ({ oversized: 512 << 20, sent: [] })],
  ['an answer that never ends', () => ({ endless: true, sent: [] })],
]

/**
 * Every answer read into memory has a size cap: 32 MiB for an API's answer, 1 MiB for a chat post's,
 * Slack's or the pager's. Against each of `services`, an answer announced as 512 MiB by its content-length
 * and one that never ends (chunked: no length to go by): the read fails (never parsed in part), is tried
 * again as a failed read is, and the issue is still filed when the service is not what the command is for.
 * The announced one is refused before its body is read: less than UNREAD_MIB is written to it. The endless
 * one is read to the cap and no further: more than the cap is written to it, and no more than the cap
 * and the kernel's socket buffers (BUFFERED_MIB), with every time limit far away, so the cap, not a time, ends the read. (A
 * 512 MiB answer sent chunked is, up to the cap, the endless one: the client cannot tell them apart.)
 * What bounds memory is what is read; a process's peak memory, which only a process shows, stays bounded too.
 */
export function sizeRule(suite: Test, run: FaultRunner, services: readonly ServiceUnderFault[], { peak }: { peak: boolean }): void {
  const lb = useLoopback(suite, ALL_SERVICES)
  for (const service of services) {
    for (const [name, makeFault] of SIZE_FAULTS) {
      const announced = 'oversized' in makeFault()
      const what = announced ? `under ${UNREAD_MIB} MiB written to it` : `more than ${service.answerCapMiB} MiB and at most ${service.answerCapMiB + BUFFERED_MIB} MiB written to it`
      suite(`${service.name}, ${name}: a failed read, at most ${service.maxHits} request(s), ${what}${peak ? `, peak memory under ${PEAK_MIB} MiB` : ''}`, async () => {
        const fault = makeFault()
        // Time enough to read past the cap on a busy machine: the cap, not a time limit, must end the read.
        const r = await run(lb, service, fault, undefined, { REPORT_TIMEOUT: '60', REPORT_CI_LOG_TIMEOUT: '60', REPORT_CHAT_TIMEOUT: '60' })
        assert.ok(r.hits >= 1, 'the fault was reached')
        assert.ok(r.hits <= service.maxHits, `${r.hits} requests; the bound is ${service.maxHits}`)
        if (peak) {
          assert.ok('peakMiB' in r, 'a process measures its peak memory')
          assert.ok(r.peakMiB < PEAK_MIB, `peak RSS ${r.peakMiB.toFixed(0)} MiB`)
        }
        if (service.warns) assert.ok(/the answer is larger than 32 MiB, so it was not read/.test(r.stderr), r.stderr)
        if (service.filesIssue) {
          assert.is(r.code, 0, r.stderr)
          assert.match(r.stdout, /^\[INFO\] Created issue #1: /m)
        } else {
          assert.is.not(r.code, 0)
        }
        assert.ok(fault.sent.length >= 1 && fault.sent.length <= r.hits, `${fault.sent.length} spoiled answers in ${r.hits} requests`)
        const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`
        for (const bytes of fault.sent) {
          if (announced) assert.ok(bytes < UNREAD_MIB << 20, `${mib(bytes)} written: refused on its content-length, not read to the cap`)
          else {
            assert.ok(bytes > service.answerCapMiB << 20, `${mib(bytes)} written: the read ended before its ${service.answerCapMiB} MiB cap`)
            assert.ok(bytes <= (service.answerCapMiB + BUFFERED_MIB) << 20, `${mib(bytes)} written: read past its ${service.answerCapMiB} MiB cap and the kernel's ${BUFFERED_MIB} MiB of buffers`)
          }
        }
        console.log(`${service.name}, ${name}: ${r.hits} request(s), ${fault.sent.map(mib).join(', ')} written, ${r.seconds.toFixed(1)} s${'peakMiB' in r ? `, peak RSS ${r.peakMiB.toFixed(0)} MiB` : ''}`)
      })
    }
  }
}
