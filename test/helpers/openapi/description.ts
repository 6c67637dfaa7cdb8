// What an API's REST description says of a request a loopback fake received: nothing when the service
// would take it, else why not. GitHub's is github-rest.json, the operations lib/ calls, cut from
// @octokit/openapi by extract-github.mjs; GitLab's is gitlab-rest.ts. The fakes answer what they were
// told to; this keeps them from answering a request the real API refuses (a wrong enum, a string where
// an integer goes, a field of the wrong type), which would let a bug in lib/ pass every test.
// Schemas are checked by Ajv, formats (date-time) are not.
// https://github.com/octokit/openapi · https://ajv.js.org/
import { readFileSync } from 'node:fs'
import { Ajv, type ValidateFunction } from 'ajv'
import type { Recorded } from '../faults.ts'

/** One parameter of an operation, in OpenAPI's words; `schema` is JSON Schema. */
export interface Parameter {
  readonly name: string
  readonly in: 'path' | 'query' | 'header'
  readonly required: boolean
  readonly schema: object
}
/** One operation (`METHOD /path/{name}`) of a description: its parameters and its JSON body. */
export interface Operation {
  readonly deprecated?: boolean
  readonly parameters: readonly Parameter[]
  readonly body?: { readonly required: boolean; readonly schema: object }
}

// Path and query values arrive as text: the parameters' validator reads "100" as the integer the schema
// asks for (and "true" as a boolean), as GitHub does; a body's JSON is taken as it is.
const params = new Ajv({ strict: false, allErrors: true, validateFormats: false, coerceTypes: true })
const bodies = new Ajv({ strict: false, allErrors: true, validateFormats: false })

interface Route {
  readonly operation: string
  readonly method: string
  readonly pattern: RegExp
  readonly names: readonly string[]
  readonly literals: number
  readonly spec: Operation
}

const compiled = new Map<object, ValidateFunction>()

function routesOf(operations: Record<string, Operation>): Route[] {
  return Object.entries(operations)
    .map(([operation, spec]) => {
      const [method = '', path = ''] = operation.split(' ')
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
      const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '([^/]+)')}$`)
      return { operation, method, pattern, names, literals: path.split('/').filter((s) => s && !s.startsWith('{')).length, spec }
    })
    .sort((a, b) => b.literals - a.literals)
}

// Compiled once per parameter or body of the description (Ajv builds a function for each schema).
const validator = (ajv: Ajv, key: object, schema: () => object): ValidateFunction => {
  let v = compiled.get(key)
  if (!v) compiled.set(key, (v = ajv.compile(schema())))
  return v
}

const errorsOf = (v: ValidateFunction, where: string): string[] =>
  (v.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message ?? 'is invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).map((a) => JSON.stringify(a)).join(', ')})` : ''}`)

/** A description's operations, ready to judge requests. */
export class RestDescription {
  private readonly routes: Route[]

  constructor(operations: Record<string, Operation>) {
    this.routes = routesOf(operations)
  }

  /**
   * Why the description refuses `r` (path without the API's prefix), or an empty list; undefined when
   * the path is none of its operations.
   */
  problems(r: Pick<Recorded, 'method' | 'path' | 'query' | 'body' | 'json'>): string[] | undefined {
    return problemsOf(this.routes, r)
  }
}

let github: RestDescription | undefined

/** GitHub's REST description (github-rest.json), read on first use. */
export function githubRest(): RestDescription {
  const read = () => (JSON.parse(readFileSync(new URL('github-rest.json', import.meta.url), 'utf8')) as { operations: Record<string, Operation> }).operations
  return (github ??= new RestDescription(read()))
}

function problemsOf(routes: readonly Route[], r: Pick<Recorded, 'method' | 'path' | 'query' | 'body' | 'json'>): string[] | undefined {
  let match: RegExpExecArray | null = null
  const route = routes.find((c) => c.method === r.method && (match = c.pattern.exec(r.path)) !== null)
  if (!route || !match) return undefined
  const problems: string[] = []
  if (route.spec.deprecated) problems.push(`${route.operation} is deprecated`)
  const values = new Map<string, string>(route.names.map((name, i) => [name, decodeURIComponent((match as RegExpExecArray)[i + 1]!)]))
  for (const [name, value] of r.query) {
    if (!route.spec.parameters.some((p) => p.in === 'query' && p.name === name)) problems.push(`query parameter ${name} is not in the description`)
    else if (values.has(`?${name}`)) problems.push(`query parameter ${name} is sent twice`)
    else values.set(`?${name}`, value)
  }
  for (const p of route.spec.parameters) {
    if (p.in === 'header') continue
    const key = p.in === 'query' ? `?${p.name}` : p.name
    const value = values.get(key)
    if (value === undefined) {
      if (p.required) problems.push(`${p.in} parameter ${p.name} is required`)
      continue
    }
    // A holder object, so that coercion has a place to write the converted value. Text such as "77" is
    // both of `oneOf: [integer, string]` (a workflow's id or file name), which means either: anyOf.
    const v = validator(params, p, () => {
      const { oneOf, ...rest } = p.schema as { oneOf?: object[] }
      return { type: 'object', properties: { [p.name]: oneOf ? { ...rest, anyOf: oneOf } : p.schema } }
    })
    if (!v({ [p.name]: value })) problems.push(...errorsOf(v, `${p.in} parameter `).map((e) => e.replace(/parameter \//, 'parameter ')))
  }
  const sent = r.body !== ''
  if (route.spec.body) {
    if (!sent && route.spec.body.required) problems.push('the body is required')
    if (sent) {
      const body = route.spec.body
      const v = validator(bodies, body, () => body.schema)
      if (r.json === undefined) problems.push('the body is not JSON')
      else if (!v(r.json)) problems.push(...errorsOf(v, 'body'))
    }
  }
  return problems
}
