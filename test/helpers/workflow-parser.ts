// GitHub's own parser for workflow and action files (@actions/workflow-parser, the one behind the Actions
// language service), loaded through json-import-hook.mjs, and turned into a list of its error messages.
import module from 'node:module'
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { ROOT } from './helpers.ts'

const HOOK = new URL('json-import-hook.mjs', import.meta.url)

// Hooks apply to imports made after they are registered, so the parser is imported dynamically below.
// Node >= 22.15 takes synchronous in-thread hooks (registerHooks, not in @types/node 20); Node 20 only the
// loader-thread kind (register).
type RegisterHooks = (hooks: { resolve: unknown }) => unknown
const nodeModule = module as unknown as { registerHooks?: RegisterHooks }
if (nodeModule.registerHooks) nodeModule.registerHooks({ resolve: ((await import(HOOK.href)) as { resolveSync: unknown }).resolveSync })
else module.register(HOOK.href)

const parser = await import('@actions/workflow-parser')
const actions = await import('@actions/workflow-parser/actions/action-parser')

// The file as the parser wants it: named by its path from the project root, for the messages.
const read = (path: string) => ({ name: relative(ROOT, resolve(ROOT, path)), content: readFileSync(resolve(ROOT, path), 'utf8') })

type Result = ReturnType<typeof parser.parseWorkflow>
const messages = (result: Result): string[] => result.context.errors.getErrors().map((e) => e.message)

/**
 * Parses a workflow file (path relative to the project root, or absolute) as GitHub does, converts it to
 * the workflow model (jobs, needs, steps), and returns every error message; [] when GitHub would accept it.
 */
export async function workflowErrors(path: string): Promise<string[]> {
  const file = read(path)
  const result = parser.parseWorkflow(file, new parser.NoOperationTraceWriter())
  if (result.value) await parser.convertWorkflowTemplate(result.context, result.value)
  return messages(result)
}

/** Parses an action metadata file (action.yml) against GitHub's action schema; every error message. */
export function actionErrors(path: string): string[] {
  const file = read(path)
  return messages(actions.parseAction(file, new parser.NoOperationTraceWriter()))
}
