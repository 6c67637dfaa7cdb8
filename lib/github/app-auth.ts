// Acting as a GitHub App's installation: a JWT signed with the App's key finds the installation on the
// repository (unless its id is configured) and buys an installation token, which then goes in the same
// `Authorization: Bearer` header as a personal token. @octokit/auth-app signs the JWT; it is imported only
// when an App is configured, so the token path pays nothing for it. The token is bought here, not by
// auth-app, so that its purchase can take a caller's deadline (auth-app's own takes no signal), and is
// bought once for every client that shares this identity (one per run: lib/run/github.ts), reused until
// shortly before it expires. https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app
// https://docs.github.com/en/rest/apps/apps#create-an-installation-access-token-for-an-app
import { Octokit } from '@octokit/core'
import type { AppCredentials } from '../config/app.ts'
import { registerSecret } from '../core/log.ts'
import { until } from '../core/retry/deadline.ts'

/** The installation the tools act as, for the doctor. */
export interface Installation {
  readonly id: number
  /** Its permissions, e.g. `{ issues: 'write', metadata: 'read' }`. */
  readonly permissions: Readonly<Record<string, string | undefined>>
}

/** An App identity: installation tokens on demand, and what the doctor names. */
export interface AppAuth {
  readonly appId: string
  /**
   * A valid installation token (reused until shortly before it expires). With `signal`, the caller stops
   * waiting when it aborts; the purchase itself is abandoned once every caller waiting for it has stopped
   * (a caller without a signal never stops), so one read's deadline never costs another its token.
   */
  token(signal?: AbortSignal): Promise<string>
  installation(): Promise<Installation>
  /** The App's slug and name, read with the JWT (`GET /app`). */
  app(): Promise<{ readonly slug: string; readonly name: string }>
}

/** Where the App works, and how its own requests are sent. */
export interface AppTarget {
  readonly owner: string
  readonly repo: string
  readonly apiUrl: string
  readonly fetch: typeof fetch
  readonly headers: Readonly<Record<string, string>>
}

const byClient = new WeakMap<object, AppAuth>()

/** A bought installation token, and when to buy the next. */
interface Bought {
  readonly token: string
  readonly installationId: number
  readonly permissions: Installation['permissions']
  readonly renewAt: number
}

/** A purchase in progress: the callers waiting for it, and how to abandon it. */
interface Purchase {
  readonly bought: Promise<Bought>
  readonly stop: AbortController
  waiting: number
}

// Installation tokens last an hour (the docs above); one is bought anew 5 minutes before it ends, so no
// request of a long run leaves with a token that expires on the way.
const TOKEN_LIFE_MS = 3_600_000
const RENEW_BEFORE_MS = 5 * 60_000

/** The App identity `client` acts as (set by the client factory), or undefined for a token. */
export function appAuthOf(client: object): AppAuth | undefined {
  return byClient.get(client)
}

/** Records that `client` acts as `app`. */
export function actsAs(client: object, app: AppAuth): void {
  byClient.set(client, app)
}

/** An {@link AppAuth} for `credentials` on `target`; nothing is loaded or requested until first used. */
export function createAppAuthFor(credentials: AppCredentials, target: AppTarget): AppAuth {
  // A plain client of its own: the tools' client puts the installation token on every request, which
  // these requests, signed with the JWT, must not get.
  const request = new Octokit({ baseUrl: target.apiUrl, userAgent: 'deploy-failure-reporter', request: { fetch: target.fetch } }).request.defaults({
    headers: { ...target.headers },
  })
  let loaded: ReturnType<typeof load> | undefined
  const auth = () => (loaded ??= load())

  async function load() {
    const { createAppAuth } = await import('@octokit/auth-app')
    return createAppAuth({ appId: credentials.appId, privateKey: credentials.privateKey, request })
  }

  // Registered as a secret by the door it leaves through (lib/http/credentials.ts), as is every JWT.
  const jwt = async () => `Bearer ${(await (await auth())({ type: 'app' })).token}`

  // Asked once a purchase needs it, under that purchase's signal; only an answer is kept, so a lookup
  // abandoned with its purchase is never handed to the next one.
  let installationId = credentials.installationId
  const findInstallation = async (signal: AbortSignal): Promise<number> => {
    if (installationId !== undefined) return installationId
    try {
      const { data } = await request('GET /repos/{owner}/{repo}/installation', { owner: target.owner, repo: target.repo, headers: { authorization: await jwt() }, request: { signal } })
      return (installationId = data.id)
    } catch (error) {
      if ((error as { status?: number }).status === 404) (error as Error).message = `GitHub App ${credentials.appId} is not installed on ${target.owner}/${target.repo}`
      throw error
    }
  }

  // One purchase at a time, shared by every caller waiting for it; abandoned when the last of them stops.
  let held: Bought | undefined
  let buying: Purchase | undefined
  const buy = (): Purchase => {
    const stop = new AbortController()
    const purchase: Purchase = {
      stop,
      waiting: 0,
      bought: (async () => {
        const id = await findInstallation(stop.signal)
        const { data } = await request('POST /app/installations/{installation_id}/access_tokens', { installation_id: id, headers: { authorization: await jwt() }, request: { signal: stop.signal } })
        // As soon as it is bought, before it is first sent (where lib/http/credentials.ts would register it).
        registerSecret(data.token)
        const expiresAt = Date.parse(data.expires_at)
        return { token: data.token, installationId: id, permissions: (data.permissions ?? {}) as Installation['permissions'], renewAt: (Number.isFinite(expiresAt) ? expiresAt : Date.now() + TOKEN_LIFE_MS) - RENEW_BEFORE_MS }
      })(),
    }
    purchase.bought.then(
      (bought) => void (held = bought),
      () => undefined,
    ).finally(() => {
      if (buying === purchase) buying = undefined
    })
    return purchase
  }
  const installationAuth = async (signal?: AbortSignal): Promise<Bought> => {
    if (held && Date.now() < held.renewAt) return held
    signal?.throwIfAborted()
    const purchase = (buying ??= buy())
    purchase.waiting++
    try {
      return signal ? await until(purchase.bought, signal) : await purchase.bought
    } finally {
      purchase.waiting--
      if (signal?.aborted && purchase.waiting === 0 && buying === purchase) {
        buying = undefined
        purchase.stop.abort(signal.reason)
      }
    }
  }

  return {
    appId: credentials.appId,
    token: async (signal) => (await installationAuth(signal)).token,
    installation: async () => {
      const { installationId: id, permissions } = await installationAuth()
      return { id, permissions }
    },
    app: async () => {
      const { data } = await request('GET /app', { headers: { authorization: await jwt() } })
      return { slug: data?.slug ?? '', name: data?.name ?? '' }
    },
  }
}
