// GitHub's own preflight checks for the doctor: identity, token, quota, repository and the identity's
// rights on it, latest commit and labels.
import type { Check } from '../core/check.ts'
import { identityChecks } from './identity.ts'
import { permissionCheck, scopeCheck } from './permissions.ts'
import { LABELS } from '../core/text/issue.ts'
import { describeError } from '../core/retry/transient.ts'
import { resetTime, type GitHub } from './client.ts'
import type { GitHubRepo } from './issues.ts'
import type { ProjectBoard } from '../config/shape.ts'
import { openMilestoneNumber } from './milestone.ts'
import { milestoneCheck } from '../core/find/milestone-check.ts'

const pass = (text: string): Check => ({ ok: true, text })
const fail = (text: string): Check => ({ ok: false, text })
const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status

// GET /rate_limit tests the token without spending quota, and reports the quota.
// https://docs.github.com/en/rest/rate-limit/rate-limit#get-rate-limit-status-for-the-authenticated-user
async function tokenAndQuota(github: GitHub): Promise<{ token: Check | undefined; quota: Check }> {
  try {
    const { data } = await github.request('GET /rate_limit')
    const core = data.resources.core
    const left = `${core.remaining} of ${core.limit} requests left, resets at ${resetTime({ 'x-ratelimit-reset': core.reset })}`
    return { token: pass('token accepted'), quota: core.remaining > 0 ? pass(`rate limit: ${left}`) : fail(`rate limit exhausted: ${left}`) }
  } catch (error) {
    if (statusOf(error) === 401) return { token: fail(`token refused (${describeError(error)}): check ISSUE_TOKEN`), quota: fail('rate limit: not checked, the token was refused') }
    // GitHub Enterprise Server answers 404 when rate limiting is off; the repository read then tests the token.
    if (statusOf(error) === 404) return { token: undefined, quota: pass('rate limit: not enforced by this server') }
    return { token: fail(`token not checked (${describeError(error)})`), quota: fail('rate limit: unknown') }
  }
}

// The repository line, then what its answer tells about the identity's rights (permissions.ts); `push`:
// whether the answer says the identity may push (undefined when it does not say).
async function repository(github: GitHub, t: GitHubRepo): Promise<{ checks: Check[]; push?: boolean }> {
  try {
    const { data, headers } = await github.request('GET /repos/{owner}/{repo}', { owner: t.owner, repo: t.repo })
    const scopes = scopeCheck(headers['x-oauth-scopes'], data.private === true)
    const push = data.permissions ? permissionCheck(data.full_name, data.permissions).ok : undefined
    return { push, checks: [
      pass(`repository readable: ${data.full_name}, ${data.stargazers_count} stars`),
      ...(data.permissions ? [permissionCheck(data.full_name, data.permissions)] : []),
      ...(scopes ? [scopes] : []),
    ] }
  } catch (error) {
    const status = statusOf(error)
    if (status === 401) return { checks: [fail('repository: not checked, the token was refused')] }
    const hint = status === 404 ? ': check ISSUE_REPO, and that the token can see the repository' : ''
    return { checks: [fail(`repository ${t.owner}/${t.repo} not readable (${describeError(error)})${hint}`)] }
  }
}

async function latestCommit(github: GitHub, t: GitHubRepo): Promise<Check> {
  try {
    const { data } = await github.request('GET /repos/{owner}/{repo}/commits', { owner: t.owner, repo: t.repo, per_page: 1 })
    const [commit] = data
    if (!commit) return fail('latest commit: the repository has no commits')
    const subject = commit.commit.message.split('\n')[0]
    return pass(`latest commit readable: "${subject}" by ${commit.commit.author?.name ?? 'an unknown author'}`)
  } catch (error) {
    return fail(`latest commit not readable (${describeError(error)})`)
  }
}

// `push`: the permission line passed, so the identity may push.
async function label(github: GitHub, t: GitHubRepo, name: string, push: boolean | undefined): Promise<Check> {
  try {
    await github.request('GET /repos/{owner}/{repo}/labels/{name}', { owner: t.owner, repo: t.repo, name })
    return pass(`label ${name} exists`)
  } catch (error) {
    if (statusOf(error) === 404) {
      // GitHub creates a missing label on issue creation only for users with push access, and drops it
      // silently otherwise, which would defeat the duplicate check (observed; see the shared notes). With
      // push access confirmed, a missing label is no fault: the first issue creates it.
      if (push) return pass(`label ${name} missing: GitHub creates it with the first issue, as the identity may push`)
      return fail(`label ${name} missing: create it in the repository (Issues → Labels)${push === false ? '' : ', or give the identity push access, with which GitHub creates it with the first issue'}`)
    }
    return fail(`label ${name} not checked (${describeError(error)})`)
  }
}

// GitHub answers 204 when the user can be assigned issues in the repository, 404 when not; without
// access an assignee is dropped from a new issue silently.
// https://docs.github.com/en/rest/issues/assignees#check-if-a-user-can-be-assigned
async function assignee(github: GitHub, t: GitHubRepo, login: string): Promise<Check> {
  try {
    await github.request('GET /repos/{owner}/{repo}/assignees/{assignee}', { owner: t.owner, repo: t.repo, assignee: login })
    return pass(`assignee ${login} can be assigned`)
  } catch (error) {
    if (statusOf(error) === 404) return fail(`assignee ${login} cannot be assigned in ${t.owner}/${t.repo}: check REPORT_ASSIGNEES, and that ${login} has access`)
    return fail(`assignee ${login} not checked (${describeError(error)})`)
  }
}

/** The repository, and the extra labels and assignees (REPORT_LABELS, REPORT_ASSIGNEES) to check. */
export interface DoctorRepo extends GitHubRepo {
  readonly extraLabels?: readonly string[]
  readonly assignees?: readonly string[]
  /** REPORT_MILESTONE (or a template's): the milestone new issues are set to. */
  readonly milestone?: string | undefined
  /** REPORT_PROJECT: the board new issues join (board.ts checks it). */
  readonly board?: ProjectBoard | undefined
}

/**
 * Identity (user, or App and installation), token, quota, repository, the identity's permission on it
 * (and a classic token's scopes), latest commit, both labels, then any extra labels and assignees, in
 * that order. Commit, labels and assignees are read only once the repository is, so one cause gives one
 * clear failure rather than five. Never throws, never names the token.
 */
export async function doctorChecks(github: GitHub, target: DoctorRepo): Promise<Check[]> {
  const [identity, { token, quota }, { checks: [repo, ...access], push }] = await Promise.all([identityChecks(github, target), tokenAndQuota(github), repository(github, target)])
  const tokenCheck = token ?? (repo!.ok ? pass('token accepted') : fail('token not confirmed: the repository read failed'))
  const skipped = !tokenCheck.ok ? 'not checked, the token was refused' : !repo!.ok ? 'not checked, the repository is not readable' : undefined
  const labels = [...LABELS, ...(target.extraLabels ?? [])]
  const assignees = target.assignees ?? []
  const reads = skipped
    ? [fail(`latest commit: ${skipped}`), ...labels.map((name) => fail(`label ${name}: ${skipped}`)), ...assignees.map((login) => fail(`assignee ${login}: ${skipped}`))]
    : await Promise.all([
        latestCommit(github, target),
        ...labels.map((name) => label(github, target, name, push)),
        ...assignees.map((login) => assignee(github, target, login)),
        ...(target.milestone ? [milestoneCheck((title) => openMilestoneNumber(github, target, title), target.milestone, `${target.owner}/${target.repo}`)] : []),
        // Loaded only with REPORT_PROJECT set.
        ...(target.board ? [import('./board.ts').then(({ boardCheck }) => boardCheck(github, target.board!))] : []),
      ])
  return [...identity, tokenCheck, quota, repo!, ...access, ...reads]
}
