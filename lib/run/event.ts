// What the GitHub Actions event that started the run says, from its file (GITHUB_EVENT_PATH):
// - for a job with no checkout, where `git log` has nothing to say, the last commit's message: a push event
//   names its head commit (`head_commit`) with its message. Read only when that commit is the run's own
//   (GITHUB_SHA), so another commit's message is never shown;
// - for what changed, the deployment a `deployment` or `deployment_status` event names (`deployment.id`):
//   the one this run tests, which lib/github/last-good.ts must not take for the last good deploy.
// https://docs.github.com/en/actions/reference/variables-reference#default-environment-variables (GITHUB_EVENT_PATH, GITHUB_EVENT_NAME)
// https://docs.github.com/en/webhooks/webhook-events-and-payloads#push (head_commit),
// https://docs.github.com/en/webhooks/webhook-events-and-payloads#deployment_status (deployment)
import { open } from 'node:fs/promises'

type Env = Record<string, string | undefined>

/** The most of an event file read: a push event is a few hundred KiB at most; a larger file is not read. */
export const MAX_EVENT_BYTES = 8 * 1024 * 1024

// The event file as JSON, in GitHub Actions; undefined when there is none, it is too large or not JSON.
async function readEvent(env: Env): Promise<Record<string, unknown> | undefined> {
  const path = env.GITHUB_EVENT_PATH
  if (env.GITHUB_ACTIONS !== 'true' || !path) return undefined
  try {
    const file = await open(path, 'r')
    try {
      if ((await file.stat()).size > MAX_EVENT_BYTES) return undefined
      const event: unknown = JSON.parse(await file.readFile('utf8'))
      return event && typeof event === 'object' ? (event as Record<string, unknown>) : undefined
    } finally {
      await file.close()
    }
  } catch {
    return undefined
  }
}

/**
 * The message of the run's head commit as the event file `GITHUB_EVENT_PATH` gives it, in GitHub Actions;
 * undefined when there is no such file, it is larger than {@link MAX_EVENT_BYTES}, it is not JSON, or its
 * head commit is not GITHUB_SHA. Never throws: the spec's `unknown` follows.
 */
export async function eventCommitMessage(env: Env): Promise<string | undefined> {
  if (!env.GITHUB_SHA) return undefined
  const event = await readEvent(env)
  const head = event?.head_commit as { id?: unknown; message?: unknown } | null | undefined
  if (!head || head.id !== env.GITHUB_SHA || typeof head.message !== 'string') return undefined
  const message = head.message.replace(/\s+$/, '')
  return message === '' ? undefined : message
}

// The events whose payload names the deployment the run was started for (GITHUB_EVENT_NAME).
const DEPLOYMENT_EVENTS = ['deployment', 'deployment_status']

/**
 * The id of the deployment whose `deployment` or `deployment_status` event started the run, in GitHub
 * Actions; undefined for any other event, or when the file does not name one. Never throws.
 */
export async function eventDeployment(env: Env): Promise<number | undefined> {
  if (!DEPLOYMENT_EVENTS.includes(env.GITHUB_EVENT_NAME ?? '')) return undefined
  const id = ((await readEvent(env))?.deployment as { id?: unknown } | null | undefined)?.id
  return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : undefined
}
