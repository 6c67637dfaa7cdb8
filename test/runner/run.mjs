// The test runner behind `npm test` and `npm run test:unit`: uvu test files spread over a pool of worker
// processes (worker.mjs), in an order shuffled from a printed seed, with one summary at the end.
//   node test/runner/run.mjs [--tier unit|integration|e2e] [--workers N] [--seed N] [PATTERN...]
// PATTERN is a regular expression matched against paths under test/, as with uvu (npm run test:one).
// Whatever several files need is made once per run, before they start: the npm cache choice
// (npm-cache.mjs), a Node >= 22 for gitlab-ci-local and the action (.ci/node24.sh), the packed tarball,
// and the command scripts compiled (scripts-build.mjs).
// Exit code 1 when any test failed, a file could not run, or nothing matched.
import { execFile, fork } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { npmCache } from '../helpers/npm-cache.mjs'
import { buildScripts } from '../helpers/scripts-build.mjs'
import { needsNode24, needsPack, tierOf, TIERS } from './tiers.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const TEST = join(ROOT, 'test')

function parseArgs(argv) {
  const o = { tiers: TIERS, workers: undefined, seed: undefined, patterns: [] }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i])
    if (arg.startsWith('--tier')) o.tiers = value().split(',')
    else if (arg.startsWith('--workers')) o.workers = Number(value())
    else if (arg.startsWith('--seed')) o.seed = Number(value())
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}: use --tier, --workers, --seed or a pattern`)
    else o.patterns.push(new RegExp(arg, 'i'))
  }
  for (const tier of o.tiers) if (!TIERS.includes(tier)) throw new Error(`unknown tier ${tier}: use ${TIERS.join(', ')}`)
  if (o.workers !== undefined && !(Number.isInteger(o.workers) && o.workers > 0)) throw new Error('--workers takes a whole number above 0')
  if (o.seed !== undefined && !Number.isInteger(o.seed)) throw new Error('--seed takes a whole number')
  return o
}

const listFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : /\.test\.ts$/.test(e.name) ? [join(dir, e.name)] : []))

// mulberry32: a small seeded generator, so that a seed replays the same order.
function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffle(items, next) {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

// What a file that started what its tier refuses (worker.mjs) should do instead.
const MOVE = {
  unit: 'move it to test/integration (servers) or test/e2e (processes)',
  integration: "if it is git asked for the deploy's commit by a command run in process, set CI_COMMIT_SHA and CI_COMMIT_MESSAGE in the run's env; if the test needs the process (a real git, REPORT_CHANGES=auto's look into the checkout, a script), move it to test/e2e",
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

// What prepare() made that is the run's alone, removed when the run ends, or is interrupted (the workers
// then exit on their own: worker.mjs).
const cleanup = []
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const clean of cleanup) clean()
    process.exit(signal === 'SIGINT' ? 130 : 143)
  })
}

const execFileAsync = (command, args, options) =>
  new Promise((resolve, reject) => execFile(command, args, { encoding: 'utf8', ...options }, (error, stdout, stderr) => (error ? reject(Object.assign(error, { stderr })) : resolve(stdout))))

// Once per run, for the e2e files: a Node >= 22 for what this Node cannot run, the package as npm would
// publish it, and the command scripts compiled (scripts-build.mjs).
// The three are made at the same time, while the unit and integration files run; what they set in the
// environment reaches each e2e file with it.
async function prepare(files) {
  const env = { npm_config_cache: npmCache() }
  const base = { ...process.env, ...env }
  const jobs = []
  if (files.some((f) => needsNode24(f.path)) && Number(process.versions.node.split('.')[0]) < 22 && !process.env.GITLAB_CI_LOCAL_NODE) {
    jobs.push(execFileAsync('bash', [join(ROOT, '.ci/node24.sh')], { env: base }).then((out) => (env.GITLAB_CI_LOCAL_NODE = out.trim())))
  }
  if (files.some((f) => needsPack(f.path)) && !process.env.TEST_PACKED_TARBALL) {
    const dir = mkdtempSync(join(tmpdir(), 'packed-'))
    const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    jobs.push(execFileAsync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: ROOT, env: base }).then(() => (env.TEST_PACKED_TARBALL = join(dir, `${name}-${version}.tgz`))))
  }
  if (files.some((f) => f.tier === 'e2e') && !process.env.TEST_SCRIPTS_BUILD) {
    jobs.push(
      buildScripts().then((dir) => {
        cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
        env.TEST_SCRIPTS_BUILD = dir
      }),
    )
  }
  await Promise.all(jobs)
  return env
}

async function main() {
  const o = parseArgs(process.argv.slice(2))
  const seed = o.seed ?? Math.floor(Math.random() * 2 ** 31)
  const next = random(seed)
  const all = listFiles(TEST).map((path) => ({ path, name: relative(TEST, path), ...tierOf(path) }))
  const chosen = all.filter((f) => o.tiers.includes(f.tier) && (o.patterns.length === 0 || o.patterns.some((p) => p.test(f.name))))
  if (chosen.length === 0) {
    console.error(`No test file matches (tiers ${o.tiers.join(', ')}${o.patterns.length ? `, patterns ${o.patterns.join(' ')}` : ''}).`)
    process.exit(1)
  }
  // The slow few first, then e2e, integration and unit files, each group shuffled: the long files start
  // early, and which files share a worker, and in what order, changes with the seed.
  const rank = (f) => (f.slow ? 0 : 3 - TIERS.indexOf(f.tier))
  const groups = [0, 1, 2, 3].map((r) => shuffle(chosen.filter((f) => !f.waits && rank(f) === r), next))
  const queue = groups.flat()
  // The files that mostly wait on timers (tiers.mjs, "waits") have a slot of their own, beside the
  // workers: ~80 s of waiting for ~10 s of CPU, which in the workers' slots held a third of the machine
  // idle for most of a minute. The workers take them too once their own queue is empty.
  const waiting = shuffle(chosen.filter((f) => f.waits), next)
  // One worker more than the cores: the end-to-end files spend about a third of their time waiting (on
  // other processes, the network's loopback), and a third worker fills those waits. Measured side by side
  // on this project's 2-core machine: 274 s with 2 workers, 246 s with 3 (maintainers/development.md).
  const workers = Math.min(o.workers ?? (Number(process.env.TEST_WORKERS || 0) || availableParallelism() + 1), queue.length + waiting.length)
  const replay = `node test/runner/run.mjs --seed ${seed}${o.tiers !== TIERS ? ` --tier ${o.tiers.join(',')}` : ''}`
  const waitingSlot = waiting.length > 0
  console.log(`${queue.length + waiting.length} test files on ${workers} workers${waitingSlot ? `, and a slot of their own for the ${waiting.length} that mostly wait` : ''}, seed ${seed} (the same order again: ${replay})`)

  const started = Date.now()
  let prepared // the environment prepare() made, once it is made
  const preparing = prepare([...queue, ...waiting]).then((made) => {
    if (Date.now() - started > 100) console.log(`prepared once for the run in ${seconds(Date.now() - started)}`)
    return (prepared = made)
  })
  // A failed preparation fails every e2e file with its message (below), not the run's bookkeeping.
  preparing.catch(() => {})
  // The next file of `from` for a slot: while the preparation runs, the first file that does not need it.
  const takeFrom = (from) => {
    const at = prepared ? 0 : from.findIndex((f) => f.tier !== 'e2e')
    return at === -1 ? from.shift() : from.splice(at, 1)[0]
  }
  // A worker's slot takes from the queue, then from the waiting files; the waiting slot only those.
  const take = (waitingOnly) => (waitingOnly || queue.length === 0 ? takeFrom(waiting) : takeFrom(queue))

  const results = []
  const env = { ...process.env, npm_config_cache: npmCache() }
  const execArgv = [`--import=${new URL('../helpers/loopback-only.mjs', import.meta.url).href}`]
  // Under npm, node-options (.npmrc) load the TypeScript hook; run directly, the worker loads it itself.
  if (!(process.env.NODE_OPTIONS ?? '').includes('ts-hook')) execArgv.unshift(`--import=${new URL('../../scripts/ts-hook.mjs', import.meta.url).href}`)
  const timeoutMs = Number(process.env.TEST_FILE_TIMEOUT_MS || 900_000)

  const report = (file, result, ms) => {
    results.push({ ...result, file, ms })
    const mark = result.failed ? '✘' : '✓'
    console.log(`${mark} ${file.name}  ${result.passed}/${result.total}${result.skipped ? `, ${result.skipped} skipped` : ''}  ${seconds(ms)}${result.cpuMs === undefined ? '' : `, CPU ${seconds(result.cpuMs)}`}`)
    if (result.failed) process.stdout.write(`${result.output.replace(/^/gm, '    ')}\n${result.error ? `    ${result.error}\n` : ''}`)
  }

  // One slot keeps one worker busy: it takes the next file, and starts a new worker when its worker died
  // or is of another tier's kind (unit workers refuse processes and servers, integration workers processes).
  const slot = async (waitingOnly = false) => {
    let worker
    let kind
    const spawnWorker = (tier) =>
      new Promise((resolve, reject) => {
        const w = fork(join(ROOT, 'test/runner/worker.mjs'), [`--tier=${tier}`], { cwd: ROOT, env, execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] })
        // What the worker writes past uvu (a crash's stack, a child's inherited output) goes with the
        // file it is running, or straight through between files.
        for (const stream of [w.stdout, w.stderr]) stream.on('data', (d) => (w.current ? (w.current.output += d) : process.stderr.write(d)))
        w.once('message', (m) => (m.type === 'ready' ? resolve(w) : reject(new Error(`worker said ${JSON.stringify(m)}`))))
        w.once('exit', (code) => reject(new Error(`a worker exited with code ${code} before it was ready`)))
      })
    const stop = () => {
      if (worker?.connected) worker.send({ type: 'stop' })
      worker = undefined
    }
    const run = (file) =>
      new Promise((resolve) => {
        const w = worker
        const current = (w.current = { output: '' })
        const t0 = Date.now()
        const finish = (result) => {
          clearTimeout(timer)
          w.off('message', onMessage)
          w.off('exit', onExit)
          w.current = undefined
          resolve({ ...result, output: current.output, ms: Date.now() - t0 })
        }
        const onMessage = (m) => {
          if (m.type === 'out') current.output += m.data
          else if (m.type === 'done') finish(m)
        }
        const onExit = (code, signal) => {
          worker = undefined
          finish({ total: 0, passed: 0, skipped: 0, failed: 1, error: `the worker running this file exited (${signal ?? `code ${code}`})` })
        }
        const timer = setTimeout(() => {
          w.kill('SIGKILL')
          onExit(null, `killed after ${seconds(timeoutMs)}, TEST_FILE_TIMEOUT_MS`)
        }, timeoutMs)
        w.on('message', onMessage)
        w.on('exit', onExit)
        w.send({ type: 'run', file: file.path, name: file.name, env: prepared })
      })

    for (let file = take(waitingOnly); file; file = take(waitingOnly)) {
      if (file.tier === 'e2e' && !prepared) {
        try {
          await preparing
        } catch (error) {
          report(file, { total: 0, passed: 0, skipped: 0, failed: 1, output: '', error: `preparing the run failed: ${error.message}${error.stderr ? `\n${error.stderr}` : ''}` }, 0)
          continue
        }
      }
      if (!worker || kind !== file.tier) {
        stop()
        worker = await spawnWorker(file.tier)
        kind = file.tier
      }
      const result = await run(file)
      if (result.started) {
        // The folder is the tier: a unit file that needs a server or a process, or an integration file
        // that needs a process, is in the wrong one.
        report(file, { ...result, failed: Math.max(result.failed, 1), error: `${file.name} is in test/${file.tier} but ${result.started}: ${MOVE[file.tier]}` }, result.ms)
        continue
      }
      report(file, result, result.ms)
    }
    stop()
  }
  await Promise.all([...Array.from({ length: workers }, () => slot()), ...(waitingSlot ? [slot(true)] : [])])

  const sum = (key) => results.reduce((n, r) => n + (r[key] ?? 0), 0)
  const failedFiles = results.filter((r) => r.failed)
  if (failedFiles.length) console.log(`\nFailed files (replay the order: ${replay}):\n${failedFiles.map((r) => `  ${r.file.name}`).join('\n')}`)
  console.log(`\n  Total:     ${sum('total')}`)
  console.log(`  Passed:    ${sum('passed')}`)
  console.log(`  Skipped:   ${sum('skipped')}`)
  console.log(`  Duration:  ${seconds(Date.now() - started)} (${results.length} files, ${workers} workers${waitingSlot ? ' and the waiting slot' : ''}, seed ${seed})`)
  console.log(`  CPU:       ${seconds(sum('cpuMs'))} in the files' workers and the processes they started\n`)
  console.log(`${sum('passed')} passed, ${sum('failed')} failed`)
  process.exitCode = failedFiles.length ? 1 : 0
  for (const clean of cleanup) clean()
}

main().catch((error) => {
  console.error(error.message)
  process.exitCode = 1
})
