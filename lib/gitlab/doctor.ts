// The doctor's checks of a GitLab project: token (and its scopes where GitLab reports them), quota,
// project, latest commit and labels, in the order the GitHub checks print. Reads only.
import { activeMilestoneId } from './milestone.ts'
import { milestoneCheck } from '../core/find/milestone-check.ts'
import { ApiError } from '../core/errors.ts'
import type { Check } from '../core/check.ts'
import { describeError } from '../core/retry/transient.ts'
import type { GitLab } from './client.ts'
import { gitLabResetTime } from './ratelimit.ts'
import { projectId } from './tracker.ts'

const pass = (text: string): Check => ({ ok: true, text })
const fail = (text: string): Check => ({ ok: false, text })
const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined)

// The scopes that let a token write issues: `api` (read_api is read-only). GitLab reports the scopes of
// the token making the call at /personal_access_tokens/self (personal, project and group access tokens);
// other tokens (OAuth) answer 404 or 401, and then the scopes are not known.
// https://docs.gitlab.com/api/personal_access_tokens/#get-single-personal-access-token
async function scopes(client: GitLab): Promise<readonly string[] | undefined> {
  try {
    const { data } = await client.request<{ scopes?: string[] }>({ method: 'GET', path: '/personal_access_tokens/self' })
    return Array.isArray(data.scopes) ? data.scopes : undefined
  } catch {
    return undefined
  }
}

// GET /user tests the token; its answer's RateLimit-* headers give the quota.
async function tokenAndQuota(client: GitLab): Promise<{ token: Check; quota: Check }> {
  try {
    const [{ data, headers }, granted] = await Promise.all([client.request<{ username?: string }>({ method: 'GET', path: '/user' }), scopes(client)])
    const who = `user ${data.username ?? 'unknown'}`
    const token =
      granted === undefined
        ? pass(`token accepted (${who}; scopes not reported for this kind of token: it needs api)`)
        : granted.includes('api')
          ? pass(`token accepted (${who}, scopes: ${granted.join(', ')})`)
          : fail(`token lacks the api scope (${who}, scopes: ${granted.join(', ') || 'none'}): it cannot write issues`)
    const remaining = Number(headers['ratelimit-remaining'])
    if (headers['ratelimit-remaining'] === undefined || !Number.isFinite(remaining)) return { token, quota: pass('rate limit: not reported by this server') }
    const left = `${remaining} of ${headers['ratelimit-limit'] ?? '?'} requests left, resets at ${gitLabResetTime(headers)}`
    return { token, quota: remaining > 0 ? pass(`rate limit: ${left}`) : fail(`rate limit exhausted: ${left}`) }
  } catch (error) {
    if (statusOf(error) === 401) return { token: fail(`token refused (${describeError(error)}): check ISSUE_TOKEN`), quota: fail('rate limit: not checked, the token was refused') }
    return { token: fail(`token not checked (${describeError(error)})`), quota: fail('rate limit: unknown') }
  }
}

async function project(client: GitLab, id: string): Promise<Check> {
  try {
    const { data } = await client.request<{ path_with_namespace: string; star_count: number }>({ method: 'GET', path: `/projects/${projectId(id)}` })
    return pass(`project readable: ${data.path_with_namespace}, ${data.star_count} stars`)
  } catch (error) {
    const status = statusOf(error)
    if (status === 401) return fail('project: not checked, the token was refused')
    const hint = status === 404 ? ': check ISSUE_REPO, and that the token can see the project' : ''
    return fail(`project ${id} not readable (${describeError(error)})${hint}`)
  }
}

async function latestCommit(client: GitLab, id: string): Promise<Check> {
  try {
    const { data } = await client.request<{ title: string; author_name?: string }[]>({ method: 'GET', path: `/projects/${projectId(id)}/repository/commits`, query: { per_page: 1 } })
    const [commit] = data
    if (!commit) return fail('latest commit: the repository has no commits')
    return pass(`latest commit readable: "${commit.title}" by ${commit.author_name ?? 'an unknown author'}`)
  } catch (error) {
    return fail(`latest commit not readable (${describeError(error)})`)
  }
}

// GitLab creates a label named on a new issue when the project has none of that name (docs, "New
// issue", `labels`), so a missing one is reported, not failed.
async function label(client: GitLab, id: string, name: string): Promise<Check> {
  try {
    await client.request({ method: 'GET', path: `/projects/${projectId(id)}/labels/${encodeURIComponent(name)}` })
    return pass(`label ${name} exists`)
  } catch (error) {
    if (statusOf(error) === 404) return pass(`label ${name} missing: GitLab creates it with the first issue`)
    return fail(`label ${name} not checked (${describeError(error)})`)
  }
}

/**
 * The GitLab checks: token (with scopes), quota, project, latest commit and each of `labels`. Commit and
 * labels are read only once the project is, so one cause gives one clear failure. Never throws.
 */
export async function gitLabChecks(client: GitLab, id: string, labels: readonly string[], milestone?: string): Promise<Check[]> {
  const [{ token, quota }, repo] = await Promise.all([tokenAndQuota(client), project(client, id)])
  const skipped = repo.ok ? undefined : repo.text.endsWith('the token was refused') ? 'not checked, the token was refused' : 'not checked, the project is not readable'
  const reads = skipped
    ? [fail(`latest commit: ${skipped}`), ...labels.map((name) => fail(`label ${name}: ${skipped}`))]
    : await Promise.all([
        latestCommit(client, id),
        ...labels.map((name) => label(client, id, name)),
        ...(milestone ? [milestoneCheck((title) => activeMilestoneId(client, `/projects/${projectId(id)}`, title), milestone, id)] : []),
      ])
  return [token, quota, repo, ...reads]
}
