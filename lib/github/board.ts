// REPORT_PROJECT on GitHub: a new issue added as an item of a GitHub Projects (v2) board, and its
// single-select Status field set when REPORT_PROJECT_STATUS names an option. Projects v2 exist only in
// GraphQL; the calls go through the same throttled Octokit client as everything else (POST /graphql).
// https://docs.github.com/en/issues/planning-and-tracking-with-projects/automating-your-project/using-the-api-to-manage-projects
import type { Check } from '../core/check.ts'
import type { Log } from '../core/log.ts'
import { describeError } from '../core/retry/transient.ts'
import type { ProjectBoard } from '../config/shape.ts'
import { ApiError } from '../core/errors.ts'
import type { GitHub } from './client.ts'
import { graphql, type GraphQlError } from './graphql.ts'

/** A GraphQL answer's first error (HTTP 200 with `errors`). */
type Problem = { readonly problem: GraphQlError }

// The token's lack of the `project` scope (classic), or of Projects access (fine-grained, App).
const isScopeProblem = (type: string | undefined) => type === 'INSUFFICIENT_SCOPES' || type === 'FORBIDDEN'
const SCOPE_FIX = 'give ISSUE_TOKEN the project scope (classic token) or Projects read and write (fine-grained token or GitHub App)'

interface ProjectInfo {
  readonly id: string
  readonly title: string
  readonly field: { readonly id: string; readonly options: readonly { readonly id: string; readonly name: string }[] } | null
}

const PROJECT_QUERY = (owner: 'organization' | 'user') => `query($login: String!, $number: Int!) {
  owner: ${owner}(login: $login) {
    projectV2(number: $number) {
      id
      title
      field(name: "Status") { ... on ProjectV2SingleSelectField { id options { id name } } }
    }
  }
}`

/** The board's node id, title and Status field, as the token sees them. */
export async function readBoard(github: GitHub, board: ProjectBoard): Promise<{ project: ProjectInfo; scopes: string | undefined } | Problem> {
  const answer = await graphql<{ owner: { projectV2: ProjectInfo | null } | null }>(github, PROJECT_QUERY(board.ownerType), { login: board.owner, number: board.number })
  if ('problem' in answer) return answer
  const project = answer.data.owner?.projectV2
  if (!project) return { problem: { type: 'NOT_FOUND', message: `no project ${board.number} of ${board.owner}` } }
  return { project, scopes: answer.scopes }
}

const fixFor = (problem: GraphQlError) => (isScopeProblem(problem.type) ? SCOPE_FIX : 'check REPORT_PROJECT, and that the token can see the board')

const ADD_ITEM = `mutation($project: ID!, $content: ID!) {
  addProjectV2ItemById(input: { projectId: $project, contentId: $content }) { item { id } }
}`
const SET_STATUS = `mutation($project: ID!, $item: ID!, $field: ID!, $option: String!) {
  updateProjectV2ItemFieldValue(input: { projectId: $project, itemId: $item, fieldId: $field, value: { singleSelectOptionId: $option } }) { projectV2Item { id } }
}`

const statusOption = (project: ProjectInfo, status: string) => project.field?.options.find((option) => option.name.toLowerCase() === status.toLowerCase())

/**
 * Adds issue `number` (node id `contentId`) to `board` and sets its Status; never throws for a GitHub
 * answer: a missing scope, an unknown board or Status option is one `[WARN]` naming the fix, and the
 * issue stays filed. A bug still throws.
 */
export async function addToBoard(github: GitHub, board: ProjectBoard, contentId: string, number: number, log: Log): Promise<void> {
  const what = `Could not add #${number} to the project ${board.url}`
  const warn = ({ problem }: Problem) => log.warn(`${what} (${problem.message ?? problem.type}): ${fixFor(problem)}; the issue is filed`)
  try {
    const read = await readBoard(github, board)
    if ('problem' in read) return warn(read)
    const { project } = read
    const added = await graphql<{ addProjectV2ItemById: { item: { id: string } } }>(github, ADD_ITEM, { project: project.id, content: contentId })
    if ('problem' in added) return warn(added)
    if (board.status === undefined) return
    const option = statusOption(project, board.status)
    if (!option || !project.field) {
      const names = project.field?.options.map((o) => o.name).join(', ') ?? 'none: the board has no single-select Status field'
      return log.warn(`Added #${number} to ${project.title}, but its Status has no option ${JSON.stringify(board.status)} (options: ${names}); check REPORT_PROJECT_STATUS`)
    }
    const set = await graphql(github, SET_STATUS, { project: project.id, item: added.data.addProjectV2ItemById.item.id, field: project.field.id, option: option.id })
    if ('problem' in set) return warn(set)
  } catch (error) {
    // A bug is not a failed call.
    if (error instanceof ApiError) return log.warn(`${what} (${describeError(error)}); the issue is filed`)
    throw error
  }
}

/**
 * The doctor's board line: the board is readable and, for a classic token, the `project` scope (needed to
 * add items) is granted; the Status option exists when one is named.
 */
export async function boardCheck(github: GitHub, board: ProjectBoard): Promise<Check> {
  try {
    const read = await readBoard(github, board)
    if ('problem' in read) return { ok: false, text: `project ${board.url} not readable (${read.problem.message ?? read.problem.type}): ${fixFor(read.problem)}` }
    const { project, scopes } = read
    if (scopes !== undefined && !scopes.split(',').map((s) => s.trim()).includes('project')) {
      return { ok: false, text: `project ${project.title} readable, but the token lacks the project scope needed to add items: ${SCOPE_FIX}` }
    }
    if (board.status !== undefined && !statusOption(project, board.status)) {
      return { ok: false, text: `project ${project.title}: its Status field has no option ${JSON.stringify(board.status)}; check REPORT_PROJECT_STATUS` }
    }
    return { ok: true, text: `project ${project.title} can take new issues${board.status ? ` (Status ${board.status})` : ''}` }
  } catch (error) {
    return { ok: false, text: `project ${board.url} not checked (${describeError(error)})` }
  }
}
