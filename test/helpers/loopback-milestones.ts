// Milestones for the loopback GitHub and GitLab: the list routes (paginated like the real ones) and a
// create that refuses an unknown milestone as the real APIs do. Hooked in through each fake's extraRoutes.
import type { LoopbackGitHub, Recorded } from './loopback-github.ts'
import type { LoopbackGitLab } from './loopback-gitlab.ts'

// An answer in the form the fakes' extraRoutes take.
const answer = (status: number, body: unknown, headers?: Record<string, string>) => ({ status, body, ...(headers ? { headers } : {}) })

/** A milestone as both fakes keep it. */
export interface MilestoneRecord {
  readonly id: number
  readonly number: number
  readonly title: string
  readonly state: 'open' | 'closed'
}

const pageOf = <T>(r: Recorded, items: T[], base: string) => {
  const perPage = Math.min(Number(r.query.get('per_page') ?? 30), 100)
  const page = Math.max(Number(r.query.get('page') ?? 1), 1)
  const last = Math.max(1, Math.ceil(items.length / perPage))
  const q = new URLSearchParams(r.query)
  q.set('page', String(page + 1))
  const headers: Record<string, string> = page < last ? { link: `<${base}${r.path}?${q}>; rel="next"`, 'x-next-page': String(page + 1) } : {}
  return { data: items.slice((page - 1) * perPage, page * perPage), headers }
}

/** Gives the loopback GitHub `milestones` (GitHub numbers them from 1); returns the list it serves. */
export function githubMilestones(gh: LoopbackGitHub, titles: readonly (string | { title: string; state: 'open' | 'closed' })[]): MilestoneRecord[] {
  const milestones = titles.map((t, i) => ({ id: 5000 + i, number: i + 1, ...(typeof t === 'string' ? { title: t, state: 'open' as const } : t) }))
  const base = `/repos/${gh.owner}/${gh.repo}`
  gh.extraRoutes.push((r) => {
    if (r.method === 'GET' && r.path === `${base}/milestones`) {
      const state = r.query.get('state') ?? 'open'
      const { data, headers } = pageOf(r, milestones.filter((m) => state === 'all' || m.state === state), gh.url)
      return answer(200, data, headers)
    }
    // https://docs.github.com/en/rest/issues/issues#create-an-issue: an unknown milestone number is a 422.
    const milestone = (r.json as { milestone?: unknown } | undefined)?.milestone
    if (r.method === 'POST' && r.path === `${base}/issues` && milestone !== undefined && milestone !== null && !milestones.some((m) => m.number === milestone)) {
      return answer(422, { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'invalid', field: 'milestone' }] })
    }
    return undefined
  })
  return milestones
}

/** Gives the loopback GitLab project `milestones` (ids from 70); the list filters by `state` and `title` as GitLab does. */
export function gitlabMilestones(gl: LoopbackGitLab, titles: readonly (string | { title: string; state: 'active' | 'closed' })[]): (MilestoneRecord & { state: string })[] {
  const milestones = titles.map((t, i) => ({ id: 70 + i, number: i + 1, ...(typeof t === 'string' ? { title: t, state: 'active' } : t) }))
  const project = `/projects/${encodeURIComponent(gl.path)}`
  gl.extraRoutes.push((r) => {
    if (r.method === 'GET' && r.path === `${project}/milestones`) {
      const state = r.query.get('state')
      const title = r.query.get('title')
      const found = milestones.filter((m) => (!state || m.state === state) && (title === null || m.title === title))
      const { data, headers } = pageOf(r, found, gl.url)
      return answer(200, data.map(({ id, title: t, state: s }) => ({ id, iid: id - 69, title: t, state: s })), headers)
    }
    const milestoneId = (r.json as { milestone_id?: unknown } | undefined)?.milestone_id
    if (r.method === 'POST' && r.path === `${project}/issues` && milestoneId !== undefined && !milestones.some((m) => m.id === milestoneId)) {
      return answer(404, { message: '404 Milestone Not Found' })
    }
    return undefined
  })
  return milestones as (MilestoneRecord & { state: string })[]
}
