// Every GitHub client of a run is made here, so that with a GitHub App they all act as one identity: the
// run buys one installation token (and looks the installation up once), however many readers it starts
// (the tracker, what failed, what changed, the run history), where each client used to buy its own. The
// identity is kept per App credentials object, which the configuration makes once per run
// (lib/run/session.ts), so two runs hosted in one process never share a token.
import type { AppCredentials } from '../config/app.ts'
import type { Log } from '../core/log.ts'
import type { AppAuth } from '../github/app-auth.ts'
import type { ClientOptions, GitHub } from '../github/client.ts'

const identities = new WeakMap<AppCredentials, AppAuth>()

/** The run's GitHub client for `config`: with an App, acting as the run's one identity. */
export async function runGitHub(config: ClientOptions, log: Log): Promise<GitHub> {
  const { createGitHub, appIdentity } = await import('../github/client.ts')
  if (!config.app) return createGitHub(config, log)
  let identity = identities.get(config.app)
  if (!identity) identities.set(config.app, (identity = appIdentity(config)!))
  return createGitHub({ ...config, identity }, log)
}
