// GitLab's REST API v4 as the loopback GitLab judges requests: the operations lib/ calls, with the
// parameters and body fields GitLab documents for them, where GitLab refuses what differs (a 400 from
// Grape for an unknown enum value or a wrong type). Written here from GitLab's API pages: its generated
// OpenAPI description is under CC BY-SA and ships in no package, so it is not copied into the project.
// Grape ignores parameters it does not declare, so only declared ones are checked; paths are those after
// /api/v4, as the fake records them.
// https://docs.gitlab.com/api/issues/ · https://docs.gitlab.com/api/notes/ · https://docs.gitlab.com/api/deployments/
// https://docs.gitlab.com/api/merge_requests/ · https://docs.gitlab.com/api/pipelines/ · https://docs.gitlab.com/api/milestones/
import { RestDescription, type Operation, type Parameter } from './description.ts'

const query = (name: string, schema: object): Parameter => ({ name, in: 'query', required: false, schema })
const path = (name: string, schema: object = { type: 'string' }): Parameter => ({ name, in: 'path', required: true, schema })
const text = { type: 'string' }
const integer = { type: 'integer' }
const oneOf = (...values: string[]) => ({ type: 'string', enum: values })
const id = path('id')
const paging = [query('page', integer), query('per_page', { type: 'integer', minimum: 1, maximum: 100 })]
const sort = query('sort', oneOf('asc', 'desc'))
// GitLab reads `labels` as a comma-separated list: a string, or an array (labels[]=…).
const labels = { anyOf: [text, { type: 'array', items: text }] }

const issueFields = {
  title: text,
  description: text,
  labels,
  assignee_ids: { type: 'array', items: integer },
  milestone_id: integer,
  confidential: { type: 'boolean' },
  issue_type: oneOf('issue', 'incident', 'test_case', 'requirement', 'task', 'ticket'),
}

const OPERATIONS: Record<string, Operation> = {
  'GET /user': { parameters: [] },
  'GET /users': { parameters: [query('username', text), ...paging] },
  'GET /personal_access_tokens/self': { parameters: [] },
  'GET /projects/{id}': { parameters: [id] },
  'GET /projects/{id}/repository/commits': { parameters: [id, query('ref_name', text), ...paging] },
  'GET /projects/{id}/repository/compare': { parameters: [id, { ...query('from', text), required: true }, { ...query('to', text), required: true }, query('straight', { type: 'boolean' })] },
  'GET /projects/{id}/labels/{name}': { parameters: [id, path('name')] },
  'GET /projects/{id}/issues': {
    parameters: [
      id,
      query('state', oneOf('opened', 'closed', 'all')),
      query('labels', text),
      query('order_by', oneOf('created_at', 'due_date', 'label_priority', 'milestone_due', 'popularity', 'priority', 'relative_position', 'title', 'updated_at', 'weight')),
      sort,
      query('updated_after', text),
      query('created_after', text),
      query('search', text),
      ...paging,
    ],
  },
  'POST /projects/{id}/issues': { parameters: [id], body: { required: true, schema: { type: 'object', required: ['title'], properties: issueFields } } },
  'GET /projects/{id}/issues/{issue_iid}': { parameters: [id, path('issue_iid', integer)] },
  'PUT /projects/{id}/issues/{issue_iid}': {
    parameters: [id, path('issue_iid', integer)],
    body: { required: true, schema: { type: 'object', properties: { ...issueFields, state_event: oneOf('close', 'reopen') } } },
  },
  'GET /projects/{id}/issues/{issue_iid}/notes': { parameters: [id, path('issue_iid', integer), query('order_by', oneOf('created_at', 'updated_at')), sort, ...paging] },
  'POST /projects/{id}/issues/{issue_iid}/notes': {
    parameters: [id, path('issue_iid', integer)],
    body: { required: true, schema: { type: 'object', required: ['body'], properties: { body: text, internal: { type: 'boolean' } } } },
  },
  'DELETE /projects/{id}/issues/{issue_iid}/notes/{note_id}': { parameters: [id, path('issue_iid', integer), path('note_id', integer)] },
  'GET /projects/{id}/milestones': { parameters: [id, query('state', oneOf('active', 'closed')), query('title', text), query('search', text), query('include_ancestors', { type: 'boolean' }), ...paging] },
  'GET /projects/{id}/deployments': {
    parameters: [
      id,
      query('environment', text),
      query('order_by', oneOf('id', 'iid', 'created_at', 'updated_at', 'finished_at')),
      sort,
      query('status', oneOf('created', 'running', 'success', 'failed', 'canceled', 'skipped', 'blocked')),
      query('updated_after', text),
      query('finished_after', text),
      ...paging,
    ],
  },
  'GET /projects/{id}/merge_requests': {
    parameters: [id, query('state', oneOf('opened', 'closed', 'locked', 'merged', 'all')), query('order_by', oneOf('created_at', 'label_priority', 'milestone_due', 'popularity', 'priority', 'title', 'updated_at', 'merged_at')), sort, ...paging],
  },
  'GET /projects/{id}/pipelines': { parameters: [id, query('ref', text), query('status', text), sort, ...paging] },
}

let gitlab: RestDescription | undefined

/** GitLab's REST API v4, for the operations lib/ calls. */
export const gitlabRest = (): RestDescription => (gitlab ??= new RestDescription(OPERATIONS))
