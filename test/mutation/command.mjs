// The command StrykerJS's command runner runs for each mutant (stryker.config.mjs): the unit test files
// of the module the mutant is in, and only those, in this one process (uvu's own runner, stopping at the
// first failure), so that a mutant costs about half a second rather than the time of every file. Stryker
// names the active mutant in __STRYKER_ACTIVE_MUTANT__ and writes it into the instrumented module as
// `stryMutAct_<ns>("<id>")`; with no mutant (Stryker's initial run), every file runs.
// Started with the TypeScript hook and the loopback guard preloaded, as the test runner starts its workers.
// https://stryker-mutator.io/docs/stryker-js/command-runner/
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { run } from 'uvu/run'
import { TESTS_OF } from '../../stryker.config.mjs'

const id = process.env.__STRYKER_ACTIVE_MUTANT__
const modules = Object.keys(TESTS_OF).map((entry) => entry.replace(/:\d+-\d+$/, ''))
let patterns = Object.values(TESTS_OF)
if (id !== undefined) {
  const mark = new RegExp(`stryMutAct_\\w+\\("${id}"\\)`)
  const at = modules.findIndex((file) => mark.test(readFileSync(file, 'utf8')))
  if (at === -1) {
    console.error(`mutant ${id} is in none of ${modules.join(', ')}`)
    process.exit(2)
  }
  patterns = [patterns[at]]
}

const TEST = resolve('test')
const wanted = new RegExp(`^unit/(${patterns.join('|')})\\.test\\.ts$`)
const list = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(join(dir, e.name)) : [join(dir, e.name)]))
const suites = list(join(TEST, 'unit'))
  .map((file) => ({ file, name: relative(TEST, file) }))
  .filter((suite) => wanted.test(suite.name))
  .sort((a, b) => a.name.localeCompare(b.name))
if (suites.length === 0) {
  console.error(`no unit test file matches ${wanted}`)
  process.exit(2)
}
// uvu sets the exit code to 1 when a test fails.
await run(suites, { bail: true })
