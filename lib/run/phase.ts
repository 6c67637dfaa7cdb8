// Named moments of a run for `npm run bench` (bench/phases.mjs subscribes): published on a diagnostics
// channel, which costs nothing when no one listens; Node has the module loaded already.
// https://nodejs.org/api/diagnostics_channel.html
import { channel } from 'node:diagnostics_channel'

const phases = channel('deploy-failure-reporter:phase')

/** Marks that the run reached `name` (e.g. 'modules', 'configured'), for a listening benchmark. */
export function phase(name: string): void {
  if (phases.hasSubscribers) phases.publish(name)
}
