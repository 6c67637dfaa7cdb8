// `npm run docs:examples`: reruns every sample output in the README and docs/ (the text between
// `<!-- sample: <name> -->` and `<!-- /sample -->`) against the loopback servers of the tests, and writes
// it in place, with the parts that vary from run to run (ports, dates, durations) normalised. CI runs it
// and fails when the tree then differs from the commit (.ci/run): a sample that drifted from what the
// commands print fails the build. `--check` writes nothing and exits 1 when a page would change.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { replaceSamples, sampleNames } from './docs-examples/markers.ts'
import { normalise } from './docs-examples/normalise.ts'
import { SAMPLES } from './docs-examples/samples.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const started = performance.now()
const check = process.argv.includes('--check')

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
      const text = normalise(await SAMPLES[name]!())
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
