// Whether the checkout holds commits, asked of one `git cat-file --batch-check` kept for the run: started
// as the search for the last good deploy begins (its start-up, tens of milliseconds on a busy machine,
// then hides behind that search's first request), and asked in a line when a commit is known, so the
// comparison waits for no process start. https://git-scm.com/docs/git-cat-file#_batch_output
import type { ChildProcess } from 'node:child_process'
import { gitEnv, killGroup } from './git-process.ts'

/** Asks the checkout about objects; `close` ends the git process (killed, if it has not ended yet). */
export interface ObjectLookup {
  /** Whether each of `names` (commit ids) is a commit the checkout holds; all false outside a repository. */
  commits(names: readonly string[]): Promise<boolean[]>
  close(): void
}

/** One `git cat-file --batch-check` in `cwd`, started now. */
export async function objectLookup(cwd?: string): Promise<ObjectLookup> {
  const { spawn } = await import('node:child_process')
  const waiting: ((line: string | undefined) => void)[] = []
  let ended = false
  let child: ChildProcess | undefined
  try {
    // A group of its own, as every git of the run (lib/run/git-process.ts); and no lazy fetch: a commit a
    // partial clone lacks is "not held", not fetched.
    child = spawn('git', ['cat-file', '--batch-check'], { cwd, stdio: ['pipe', 'pipe', 'ignore'], env: gitEnv(), detached: true })
  } catch {
    ended = true
  }
  // The pipes are sockets: ref'd, they keep the event loop (and so the process) alive.
  const hold = (on: boolean) => {
    for (const stream of [child?.stdin, child?.stdout] as unknown as ({ ref?: () => void; unref?: () => void } | undefined)[]) (on ? stream?.ref : stream?.unref)?.call(stream)
  }
  const end = () => {
    ended = true
    for (const answer of waiting.splice(0)) answer(undefined)
  }
  if (child) {
    // No git, or not a repository: every answer is "not held".
    child.on('error', end).on('close', end)
    child.stdin!.on('error', end)
    let pending = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk
      for (let at = pending.indexOf('\n'); at >= 0; at = pending.indexOf('\n')) {
        waiting.shift()?.(pending.slice(0, at))
        pending = pending.slice(at + 1)
      }
      if (!waiting.length) hold(false)
    })
    // Held alive only while an answer is awaited: an idle git never keeps the run from ending, and git
    // ends with the run's pipe.
    child.unref()
    hold(false)
  }
  const ask = (name: string) =>
    new Promise<boolean>((resolve) => {
      if (ended || !child) return resolve(false)
      // git answers `<id> commit <size>` for a commit, `<name> missing` (or another type) otherwise.
      waiting.push((line) => resolve(line !== undefined && / commit \d+$/.test(line)))
      hold(true)
      child.stdin!.write(`${name}^{commit}\n`)
    })
  return {
    commits: (names) => Promise.all(names.map(ask)),
    // Ended, not only told its input is over: a git stuck before it reads (a lock, a slow disk) would
    // outlive the run otherwise, as it is no longer waited for (unref above). Nothing is asked after
    // close, so no answer is lost; the answers still awaited are "not held".
    close: () => {
      if (ended) return
      child?.stdin?.end()
      if (child) killGroup(child)
      end()
    },
  }
}
