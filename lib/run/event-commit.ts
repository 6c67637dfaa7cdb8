// The last commit's message from the GitHub Actions event that started the run, for a job with no checkout,
// where `git log` has nothing to say: a push event names its head commit (`head_commit`) with its message.
// Read only when that commit is the run's own (GITHUB_SHA), so another commit's message is never shown.
// https://docs.github.com/en/actions/reference/variables-reference#default-environment-variables (GITHUB_EVENT_PATH)
// https://docs.github.com/en/webhooks/webhook-events-and-payloads#push (head_commit)
import { open } from 'node:fs/promises'

type Env = Record<string, string | undefined>

/** The most of an event file read: a push event is a few hundred KiB at most; a larger file is not read. */
export const MAX_EVENT_BYTES = 8 * 1024 * 1024

/**
 * The message of the run's head commit as the event file `GITHUB_EVENT_PATH` gives it, in GitHub Actions;
 * undefined when there is no such file, it is larger than {@link MAX_EVENT_BYTES}, it is not JSON, or its
 * head commit is not GITHUB_SHA. Never throws: the spec's `unknown` follows.
 */
export async function eventCommitMessage(env: Env): Promise<string | undefined> {
  const path = env.GITHUB_EVENT_PATH
  if (env.GITHUB_ACTIONS !== 'true' || !path || !env.GITHUB_SHA) return undefined
  try {
    const file = await open(path, 'r')
    try {
      if ((await file.stat()).size > MAX_EVENT_BYTES) return undefined
      const event = JSON.parse(await file.readFile('utf8')) as { head_commit?: { id?: unknown; message?: unknown } | null }
      const head = event.head_commit
      if (!head || head.id !== env.GITHUB_SHA || typeof head.message !== 'string') return undefined
      const message = head.message.replace(/\s+$/, '')
      return message === '' ? undefined : message
    } finally {
      await file.close()
    }
  } catch {
    return undefined
  }
}
