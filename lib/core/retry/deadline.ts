// A section of the report read under its own deadline (what failed, what changed): the reading gives up
// at the deadline, whatever it is waiting on, and says why in words that name the setting to change.
import { isBug } from '../errors.ts'
import { describeError } from './transient.ts'

class TimedOut extends Error {}

/**
 * Settles with `work`, or rejects as soon as `signal` aborts: a reader stuck in a retry's back-off
 * cannot hold the report past the deadline.
 */
export function until<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new TimedOut())
    // Handled first, whatever the signal says: work begun under a signal already aborted still settles,
    // and its rejection must not go unhandled (Node ends the process on one).
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
  })
}

/** Why a read under a deadline failed: past `timeout` (the variable and its value), a bug, or the error's own words. */
export function whyUnread(error: unknown, timeout: { readonly variable: string; readonly ms: number; readonly off: string }): string {
  if (error instanceof TimedOut) return `it took longer than ${timeout.variable} (${timeout.ms / 1000} s); raise ${timeout.variable}, or set ${timeout.off}`
  if (isBug(error)) return `a bug in deploy-failure-reporter (${describeError(error)}); please report it`
  return describeError(error)
}
