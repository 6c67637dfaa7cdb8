// Maintainers only: remakes github-rest.json, the part of GitHub's REST description (@octokit/openapi,
// generated/api.github.com.deref.json, GitHub's own OpenAPI published by octokit) that covers the calls
// lib/ makes, so the loopback GitHub can refuse any request the description refuses (description.ts).
// The whole description is 73 MB in a 29 MB package; the tests need 26 operations of it, offline.
//   node test/helpers/openapi/extract-github.mjs [version]      (npm downloads the package)
// Run it when lib/ calls a new GitHub operation (add it to OPERATIONS) or to move to a newer description.
// https://github.com/octokit/openapi
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const VERSION = process.argv[2] ?? '23.0.2'

/** Every REST operation lib/ calls, as `METHOD /path` in the description's own form. */
export const OPERATIONS = [
  'GET /app',
  'POST /app/installations/{installation_id}/access_tokens',
  'GET /rate_limit',
  'GET /user',
  'GET /repos/{owner}/{repo}',
  'GET /repos/{owner}/{repo}/installation',
  'GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs',
  'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
  'GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}',
  'GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}/jobs',
  'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
  'GET /repos/{owner}/{repo}/assignees/{assignee}',
  'GET /repos/{owner}/{repo}/commits',
  'GET /repos/{owner}/{repo}/compare/{basehead}',
  'GET /repos/{owner}/{repo}/deployments',
  'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
  'GET /repos/{owner}/{repo}/issues',
  'POST /repos/{owner}/{repo}/issues',
  'GET /repos/{owner}/{repo}/issues/{issue_number}',
  'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
  'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}',
  'GET /repos/{owner}/{repo}/labels/{name}',
  'GET /repos/{owner}/{repo}/milestones',
  'GET /repos/{owner}/{repo}/pulls',
]

// What only documents a schema, dropped so the file stays small; validation reads none of it. The names
// under `properties` are fields (an issue's `title`), never prose: kept.
const PROSE = new Set(['description', 'summary', 'example', 'examples', 'title', 'externalDocs', 'x-github', 'tags', 'operationId'])
const prune = (value, fields = false) => {
  if (Array.isArray(value)) return value.map((v) => prune(v))
  if (!value || typeof value !== 'object') return value
  const kept = Object.entries(value).filter(([k]) => fields || !PROSE.has(k))
  return fields ? Object.fromEntries(kept.map(([k, v]) => [k, prune(v)])) : plain(Object.fromEntries(kept.map(([k, v]) => [k, prune(v, k === 'properties')])))
}

// OpenAPI 3.0's `nullable: true` in JSON Schema's words, which Ajv reads without OpenAPI's rule that it
// needs a `type` beside it: GitHub writes it beside a bare `oneOf` too (an issue's `milestone`), meaning
// null is allowed. https://spec.openapis.org/oas/v3.0.3#fixed-fields-19
function plain(schema) {
  if (schema.nullable !== true) return schema
  const { nullable, ...rest } = schema
  if (rest.enum && !rest.enum.includes(null)) rest.enum = [...rest.enum, null]
  if (rest.type) return { ...rest, type: [rest.type, 'null'].flat() }
  const union = rest.oneOf ? 'oneOf' : rest.anyOf ? 'anyOf' : undefined
  return union ? { ...rest, [union]: [...rest[union], { type: 'null' }] } : rest
}

const dir = mkdtempSync(join(tmpdir(), 'octokit-openapi-'))
try {
  execFileSync('npm', ['pack', `@octokit/openapi@${VERSION}`, '--silent', '--pack-destination', dir], { stdio: ['ignore', 'ignore', 'inherit'] })
  execFileSync('tar', ['xzf', join(dir, `octokit-openapi-${VERSION}.tgz`), '-C', dir, 'package/generated/api.github.com.deref.json'])
  const description = JSON.parse(readFileSync(join(dir, 'package/generated/api.github.com.deref.json'), 'utf8'))
  const operations = {}
  for (const operation of OPERATIONS) {
    const [method, path] = operation.split(' ')
    const found = description.paths[path]?.[method.toLowerCase()]
    if (!found) throw new Error(`${operation} is not in @octokit/openapi ${VERSION}`)
    operations[operation] = {
      ...(found.deprecated ? { deprecated: true } : {}),
      parameters: prune((found.parameters ?? []).map(({ name, in: where, required, schema }) => ({ name, in: where, required: required === true, schema }))),
      ...(found.requestBody ? { body: { required: found.requestBody.required === true, schema: prune(found.requestBody.content['application/json']?.schema ?? {}) } } : {}),
    }
  }
  const out = { source: `@octokit/openapi ${VERSION}, generated/api.github.com.deref.json (${description.info.version})`, operations }
  writeFileSync(new URL('github-rest.json', import.meta.url), `${JSON.stringify(out, null, 1)}\n`)
  console.log(`github-rest.json: ${OPERATIONS.length} operations from @octokit/openapi ${VERSION}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
