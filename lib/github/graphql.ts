// GitHub's GraphQL API through the same throttled Octokit client as every REST call (tokens, proxies,
// retries, rate-limit waits): POST /graphql, or /api/graphql beside GitHub Enterprise Server's /api/v3.
// A query GitHub refuses still answers HTTP 200, with `errors`: returned here as the first problem.
// https://docs.github.com/en/graphql/guides/forming-calls-with-graphql
import type { GitHub } from './client.ts'

/** One error of a GraphQL answer: GitHub's `type` (INSUFFICIENT_SCOPES, FORBIDDEN, NOT_FOUND, …) and message. */
export interface GraphQlError {
  readonly type?: string
  readonly message?: string
}

/** A GraphQL answer: its data and the token's scopes (classic tokens), or its first error. */
export type Answer<T> = { readonly data: T; readonly scopes: string | undefined } | { readonly problem: GraphQlError }

/** Runs `query` with `variables`; rejects as any request does when the HTTP call itself fails. */
export async function graphql<T>(github: GitHub, query: string, variables: Record<string, unknown>): Promise<Answer<T>> {
  // GitHub Enterprise Server answers GraphQL at /api/graphql, beside its REST /api/v3 (as @octokit/graphql does).
  const base = github.request.endpoint.DEFAULTS.baseUrl
  const route = /\/api\/v3\/?$/.test(base) ? `POST ${base.replace(/\/api\/v3\/?$/, '/api/graphql')}` : 'POST /graphql'
  const { data, headers } = await github.request(route, { query, variables })
  const body = data as { data?: T; errors?: GraphQlError[] }
  const [first] = body.errors ?? []
  if (first) return { problem: first }
  return { data: body.data as T, scopes: headers['x-oauth-scopes'] as string | undefined }
}
