// GitHub's GraphQL endpoint (POST /graphql) on the loopback GitHub, for the Projects (v2) calls this
// project makes: reading a board with its Status field, addProjectV2ItemById and
// updateProjectV2ItemFieldValue. Like GitHub, a classic token without the `project` scope gets HTTP 200
// with an INSUFFICIENT_SCOPES error. Hooked in through the fake's extraRoutes; the loopback GitHub first
// validates every query against GitHub's schema (github-graphql-schema.ts), as GitHub does.
// https://docs.github.com/en/graphql/reference/mutations#addprojectv2itembyid
import { githubSchema } from './github-graphql-schema.ts'
import type { LoopbackGitHub } from './loopback-github.ts'

// An answer in the form the fakes' extraRoutes take.
const answer = (status: number, body: unknown, headers?: Record<string, string>) => ({ status, body, ...(headers ? { headers } : {}) })

/** A board as the loopback keeps it. */
export interface LoopbackBoard {
  readonly ownerType: 'organization' | 'user'
  readonly owner: string
  readonly number: number
  readonly title: string
  /** The single-select Status field's options; none means the board has no Status field. */
  readonly statusOptions?: readonly string[]
}

/** An item added to the board, with the Status option set on it. */
export interface BoardItem {
  readonly id: string
  readonly contentId: string
  status?: string
}

/** Gives the loopback GitHub one Projects board; returns its items as they are added. */
export function githubProject(gh: LoopbackGitHub, board: LoopbackBoard): { items: BoardItem[]; queries: string[] } {
  const items: BoardItem[] = []
  const queries: string[] = []
  const projectId = `PVT_loopback${board.number}`
  const fieldId = 'PVTSSF_status'
  const options = (board.statusOptions ?? []).map((name, i) => ({ id: `opt${i}`, name }))
  // Built now (a second or two, once per process), so that no reporter's time limit pays for it.
  githubSchema()
  gh.extraRoutes.push((r) => {
    if (r.method !== 'POST' || r.path !== '/graphql') return undefined
    const { query = '', variables = {} } = (r.json ?? {}) as { query?: string; variables?: Record<string, unknown> }
    queries.push(query)
    const scopes = gh.oauthScopes?.split(',').map((s) => s.trim())
    const needs = /^\s*mutation/.test(query) ? 'project' : 'read:project'
    if (scopes && !scopes.includes('project') && !(needs === 'read:project' && scopes.includes('read:project'))) {
      return answer(200, { errors: [{ type: 'INSUFFICIENT_SCOPES', locations: [{ line: 1, column: 1 }], message: `Your token has not been granted the required scopes to execute this query. The 'id' field requires one of the following scopes: ['${needs}'], but your token has only been granted the: [${scopes.map((s) => `'${s}'`).join(', ')}] scopes.` }] })
    }
    if (/projectV2\(number:/.test(query)) {
      const kind = /owner: (organization|user)\(/.exec(query)?.[1]
      const found = kind === board.ownerType && variables.login === board.owner && variables.number === board.number
      if (!found) {
        return answer(200, { data: { owner: null }, errors: [{ type: 'NOT_FOUND', path: ['owner'], message: `Could not resolve to a ProjectV2 with the number ${String(variables.number)}.` }] })
      }
      return answer(200, { data: { owner: { projectV2: { id: projectId, title: board.title, field: options.length ? { id: fieldId, options } : null } } } })
    }
    if (/addProjectV2ItemById/.test(query)) {
      const known = gh.issues.some((issue) => issue.node_id === variables.content)
      if (variables.project !== projectId || !known) {
        return answer(200, { data: null, errors: [{ type: 'NOT_FOUND', message: `Could not resolve to a node with the global id of '${String(variables.content)}'` }] })
      }
      const item = { id: `PVTI_${items.length + 1}`, contentId: String(variables.content) }
      items.push(item)
      return answer(200, { data: { addProjectV2ItemById: { item: { id: item.id } } } })
    }
    if (/updateProjectV2ItemFieldValue/.test(query)) {
      const item = items.find((i) => i.id === variables.item)
      const option = options.find((o) => o.id === variables.option)
      if (!item || variables.field !== fieldId || !option) {
        return answer(200, { data: null, errors: [{ type: 'NOT_FOUND', message: 'Could not resolve the item, field or option' }] })
      }
      item.status = option.name
      return answer(200, { data: { updateProjectV2ItemFieldValue: { projectV2Item: { id: item.id } } } })
    }
    return answer(200, { errors: [{ message: 'This loopback does not know the query' }] })
  })
  return { items, queries }
}
