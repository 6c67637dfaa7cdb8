// Acting as a GitHub App's installation: a JWT signed with the App's key finds the installation on the
// repository (unless its id is configured) and buys an installation token, which then goes in the same
// `Authorization: Bearer` header as a personal token. @octokit/auth-app signs, buys and caches (renewing
// a token before it expires); it is imported only when an App is configured, so the token path pays
// nothing for it. https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app
import { Octokit } from '@octokit/core'
import type { AppCredentials } from '../config/app.ts'
import { registerSecret } from '../core/log.ts'

/** The installation the tools act as, for the doctor. */
export interface Installation {
  readonly id: number
  /** Its permissions, e.g. `{ issues: 'write', metadata: 'read' }`. */
  readonly permissions: Readonly<Record<string, string | undefined>>
}

/** An App identity: installation tokens on demand, and what the doctor names. */
export interface AppAuth {
  readonly appId: string
  /** A valid installation token (cached until shortly before it expires). */
  token(): Promise<string>
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

  // Registered as a secret by the door it leaves through (lib/http/credentials.ts), as are the JWTs
  // @octokit/auth-app signs on its own to buy an installation token.
  const jwt = async () => `Bearer ${(await (await auth())({ type: 'app' })).token}`

  let installationId: Promise<number> | undefined
  const findInstallation = () =>
    (installationId ??= (async () => {
      if (credentials.installationId !== undefined) return credentials.installationId
      try {
        const { data } = await request('GET /repos/{owner}/{repo}/installation', { owner: target.owner, repo: target.repo, headers: { authorization: await jwt() } })
        return data.id
      } catch (error) {
        installationId = undefined
        if ((error as { status?: number }).status === 404) (error as Error).message = `GitHub App ${credentials.appId} is not installed on ${target.owner}/${target.repo}`
        throw error
      }
    })())

  const installationAuth = async () => {
    const result = await (await auth())({ type: 'installation', installationId: await findInstallation() })
    // As soon as it is bought, before it is first sent (where lib/http/credentials.ts would register it).
    registerSecret(result.token)
    return result
  }

  return {
    appId: credentials.appId,
    token: async () => (await installationAuth()).token,
    installation: async () => {
      const { installationId: id, permissions } = await installationAuth()
      return { id: Number(id), permissions: permissions as Installation['permissions'] }
    },
    app: async () => {
      const { data } = await request('GET /app', { headers: { authorization: await jwt() } })
      return { slug: data?.slug ?? '', name: data?.name ?? '' }
    },
  }
}
