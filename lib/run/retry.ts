// The retry command, assembled once: a command run until it succeeds, through the spec's retry or
// backoff helper (lib/core/retry/retry.ts), its output passing straight through.
import { backoff, retry } from '../core/retry/retry.ts'
import type { Io } from './io.ts'

/** How to retry: the spec's `max_attempts` and delay (`--backoff`: the base of doubling delays). */
export interface RetryPlan {
  readonly maxAttempts: number
  readonly delaySeconds: number
  readonly backoff: boolean
}

/**
 * Runs `command` (its words as they are, not re-split by a shell) until it succeeds, as `plan` says,
 * printing the spec's `[WARN]` line after each failed attempt and, for the retry helper, its `[ERROR]`
 * line at the end. Rejects with `AttemptsExhausted` when every attempt failed.
 */
export async function retryCommand(command: readonly string[], plan: RetryPlan, io: Io): Promise<void> {
  // zx/core is loaded only here: the other commands never need it.
  const { $ } = await import('zx/core')
  // nothrow: a failed attempt is an exit code to retry, not an exception; stdio passes straight through.
  const run = $({ stdio: 'inherit', nothrow: true, verbose: false, quiet: true, env: io.env as NodeJS.ProcessEnv })
  const once = async () => {
    const { exitCode } = await run`${command}`
    if (exitCode !== 0) throw new Error(`${command[0]} exited with ${exitCode}`)
  }
  const onFailure = (n: number, m: number, seconds: number) => void io.stderr.write(`[WARN] Attempt ${n}/${m} failed, retrying in ${seconds}s...\n`)
  if (plan.backoff) await backoff(plan.maxAttempts, plan.delaySeconds, once, { onFailure })
  else await retry(plan.maxAttempts, plan.delaySeconds, once, { onFailure, onExhausted: (m) => void io.stderr.write(`[ERROR] All ${m} attempts failed\n`) })
}
