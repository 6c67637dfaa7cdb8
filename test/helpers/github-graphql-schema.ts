// GitHub's own GraphQL schema (@octokit/graphql-schema, from GitHub's published schema) for the loopback
// GitHub: a query it serves is first validated as GitHub would, so a field, argument or type the real API
// refuses is refused here too, never answered with made-up data.
import { readFileSync } from 'node:fs'
import { buildClientSchema, getOperationAST, parse, validate, type GraphQLSchema } from 'graphql'
import { getVariableValues } from 'graphql/execution/values.js'

let schema: GraphQLSchema | undefined

// Built once per process, on first use (a second or two; a server calls it when it starts serving, so
// that no client's time limit pays for it), from the introspection result the package ships, as its own
// `validate` does (lib/validate.js); read by path, since the package exports only that eager entry.
export function githubSchema(): GraphQLSchema {
  const file = new URL('../../node_modules/@octokit/graphql-schema/schema.json', import.meta.url)
  return (schema ??= buildClientSchema(JSON.parse(readFileSync(file, 'utf8'))))
}

/** GitHub's errors for `query` with `variables` (as GraphQL answers them, HTTP 200), or undefined when valid. */
export function schemaErrors(query: string, variables: Record<string, unknown> = {}): { message: string }[] | undefined {
  let document
  try {
    document = parse(query)
  } catch (error) {
    return [{ message: (error as Error).message }]
  }
  const invalid = validate(githubSchema(), document)
  if (invalid.length) return invalid.map((e) => ({ message: e.message }))
  const operation = getOperationAST(document)
  if (!operation) return [{ message: 'No operation' }]
  const coerced = getVariableValues(githubSchema(), operation.variableDefinitions ?? [], variables)
  return coerced.errors?.length ? coerced.errors.map((e) => ({ message: e.message })) : undefined
}
