// `npm run docs:examples`: reruns every sample output in the README and docs/ (the text between
// `<!-- sample: <name> -->` and `<!-- /sample -->`) against the loopback servers of the tests, and writes
// it in place, with the parts that vary from run to run (ports, dates, durations) normalised. CI runs it
// and fails when the tree then differs from the commit (.ci/run): a sample that drifted from what the
// commands print fails the build. `--check` writes nothing and exits 1 when a page would change.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { scriptArgs } from '../lib/cli/args.ts'
import { replaceSamples, sampleNames } from './docs-examples/markers.ts'
import { normalise } from './docs-examples/normalise.ts'
import { AS_PRINTED, SAMPLES } from './docs-examples/samples.ts'

const HELP = `Usage: npm run docs:examples   (or npx zx scripts/docs-examples.mts [--check])

Reruns every sample in README.md and docs/ (between <!-- sample: <name> --> and <!-- /sample -->) against
the loopback servers of the tests, and writes it in place; ports, dates and durations are normalised
(but in samples whose data fixes them, such as stats' seeded history).

Options:
  --check      write nothing; exit 1 when a page would change
  -h, --help   show this text

Environment: none read; the commands run with the variables each sample sets (proxies are left out).

Exit codes: 0 done (or, with --check, up to date), 1 a page is out of date (--check) or a sample failed,
2 bad arguments or a marker naming no sample.
`

const root = fileURLToPath(new URL('..', import.meta.url))
const started = performance.now()
let check = false
try {
  const { values } = parseArgs({ args: scriptArgs(import.meta.url), options: { help: { type: 'boolean', short: 'h' }, check: { type: 'boolean' } } })
  if (values.help) {
    process.stdout.write(HELP)
    process.exit(0)
  }
  check = values.check === true
} catch (error) {
  console.error(`[ERROR] ${(error as Error).message}; see --help`)
  process.exit(2)
}

// The samples talk to 127.0.0.1 only, which no proxy reaches; the HTTP layer takes its proxy from the
// process (lib/http/proxy.ts), so this process goes direct.
for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY']) delete process.env[name]

const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
const texts = new Map(pages.map((page) => [page, readFileSync(join(root, page), 'utf8')]))
const wanted = [...new Set([...texts.values()].flatMap(sampleNames))]
const unknown = wanted.filter((name) => !Object.hasOwn(SAMPLES, name))
if (unknown.length) {
  console.error(`[ERROR] No sample named ${unknown.join(', ')}; the samples are ${Object.keys(SAMPLES).join(', ')} (scripts/docs-examples/samples.ts)`)
  process.exit(2)
}
// Side by side: most wait on timers (retries), not on the CPU.
const took = new Map<string, number>()
const made = new Map(
  await Promise.all(
    wanted.map(async (name) => {
      const t = performance.now()
      const made = await SAMPLES[name]!()
      const text = AS_PRINTED.has(name) ? made : normalise(made)
      took.set(name, (performance.now() - t) / 1000)
      return [name, text] as const
    }),
  ),
)
const slowest = [...took].sort((a, b) => b[1] - a[1])[0]

const changed: string[] = []
for (const [page, before] of texts) {
  const { text } = replaceSamples(before, (name) => made.get(name)!, page)
  if (text === before) continue
  changed.push(page)
  if (!check) writeFileSync(join(root, page), text)
}
const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(`[INFO] ${wanted.length} samples on ${pages.filter((p) => sampleNames(texts.get(p)!).length).length} pages in ${seconds} s (slowest: ${slowest ? `${slowest[0]}, ${slowest[1].toFixed(1)} s` : 'none'}); ${changed.length ? `${check ? 'out of date' : 'rewritten'}: ${changed.join(', ')}` : 'all up to date'}`)
process.exitCode = check && changed.length ? 1 : 0
