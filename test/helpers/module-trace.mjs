// `node --import <this file>`: appends the URL of every module the process loads to the file named by
// MODULE_TRACE_FILE, one a line, so a test can tell which of a command's modules were evaluated.
// module.register (Node >= 20.6): the load hook runs in the loader thread, which this same file is loaded
// into as the hooks module. https://nodejs.org/api/module.html#customization-hooks
import { appendFileSync } from 'node:fs'
import { register } from 'node:module'
import { isMainThread } from 'node:worker_threads'

let traceFile

/** Hooks thread: where to write, handed over by register's `data`. */
export function initialize(file) {
  traceFile = file
}

/** Hooks thread: records the module, then loads it unchanged. */
export async function load(url, context, next) {
  appendFileSync(traceFile, `${url}\n`)
  return next(url, context)
}

if (isMainThread) {
  if (!process.env.MODULE_TRACE_FILE) throw new Error('module-trace.mjs: set MODULE_TRACE_FILE to the file to append to')
  register(import.meta.url, { data: process.env.MODULE_TRACE_FILE })
}
