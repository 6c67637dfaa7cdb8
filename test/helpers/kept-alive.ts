// What a command run in process (in-process.ts) leaves keeping the process alive: the in-process
// counterpart of a process that exits on its own once its work is done. A process started by a test shows
// it by exiting; here the test compares what keeps this process's event loop alive before and after the
// run, as Node lists it (process.getActiveResourcesInfo(): the handles, requests and timers that are
// ref'd, so an idle kept-alive connection, which Node unrefs, does not count, as it does not hold a
// process either). https://nodejs.org/api/process.html#processgetactiveresourcesinfo
// The loopback servers run in this process too: their side of each connection is left out (a connection
// the command leaves open still counts, by its own side), and what they are still doing when the run ends
// (a drip's next byte, a connection's close) is given a moment to finish.
import { Socket } from 'node:net'

/** What keeps this process alive, by kind, less the loopback servers' side of each connection. */
export type Alive = ReadonlyMap<string, number>

// Node's list of the handles themselves (undocumented, in every version the suite runs): the only way to
// tell a server's side of a connection (a socket with a `server`) from the command's.
const handles = (): unknown[] => (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles()

/** What keeps this process alive now. */
export function aliveNow(): Alive {
  const alive = new Map<string, number>()
  for (const kind of process.getActiveResourcesInfo()) alive.set(kind, (alive.get(kind) ?? 0) + 1)
  const serverSide = handles().filter((h) => h instanceof Socket && (h as Socket & { server?: unknown }).server).length
  alive.set('TCPSocketWrap', (alive.get('TCPSocketWrap') ?? 0) - serverSide)
  return alive
}

/** What `now` holds more of than `before`, one entry per resource (`Timeout`, `TCPSocketWrap`…). */
export function more(now: Alive, before: Alive): string[] {
  return [...now].flatMap(([kind, n]) => Array.from({ length: Math.max(0, n - (before.get(kind) ?? 0)) }, () => kind))
}

/**
 * What keeps this process alive beyond `before` once `graceMs` has passed (sooner when nothing does):
 * [] when a run left nothing running. A timer or a connection a run leaves behind shows here, as it would
 * keep a process from exiting; the grace is for the servers' side, and far below the waits the fault kit
 * sets (a 30 s rate limit, a request that never ends).
 */
export async function keptAlive(before: Alive, graceMs = 2_000): Promise<string[]> {
  const until = Date.now() + graceMs
  for (;;) {
    const left = more(aliveNow(), before)
    if (left.length === 0 || Date.now() >= until) return left
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
