// Module hook: @actions/workflow-parser (0.3.x) imports its JSON schemas as `import S from "../x.json"`, with
// no `with { type: 'json' }`; Node 20 and 24 both refuse that (ERR_IMPORT_ASSERTION_TYPE_MISSING /
// ERR_IMPORT_ATTRIBUTE_MISSING). This hook adds the attribute to those imports, only for that package's
// .json files, so nothing else changes how it loads. Plain JavaScript: it may load before any TypeScript loader.
// https://nodejs.org/api/module.html#customization-hooks
const PACKAGE = '/node_modules/@actions/workflow-parser/'

const jsonOf = (url, context) => url.endsWith('.json') && url.includes(PACKAGE) && !context.importAttributes?.type

/** Async resolve hook, for module.register (Node 20): runs in the loader thread. */
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context)
  return jsonOf(result.url, context) ? { ...result, importAttributes: { ...context.importAttributes, type: 'json' } } : result
}

/** The same, synchronous, for module.registerHooks (Node >= 22.15): runs in this thread. */
export function resolveSync(specifier, context, next) {
  const result = next(specifier, context)
  return jsonOf(result.url, context) ? { ...result, importAttributes: { ...context.importAttributes, type: 'json' } } : result
}
