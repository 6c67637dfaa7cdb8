// `npm run bench`: times the reporter as whole processes against the loopback GitHub and holds it to its
// targets (see maintainers/performance.md). Not a test: it prints figures and verdicts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseFlags, scriptArgs } from '../lib/cli/args.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { installPackage, removeInstalled, type Installed } from './installed.ts'
import { summary, timed, withMemory, type Command, type MemoryRun } from './measure.ts'
import { childPath, machine, node24Bin, nodeBin } from './node-choice.ts'
import { cpuOver, formatPhases, measurePhases, phaseEnv } from './phases.ts'
import { dedupAtScale } from './scale.ts'
import { formatRace, race } from './race.ts'
import { checkTargets, table, type Case, type CaseResult, type Exec } from './report-table.ts'
import { ciLogCost } from './ci-log.ts'
import { networkBench, networkTable } from './network.ts'
import { formatRedactCost, redactCost, type CreateTraffic } from './redact-cost.ts'

const HELP = `Usage: npm run bench -- [options]

Times, interleaved over several runs: (a) node -e '', (b) npx zx on an empty script (the launcher),
(c) npx zx scripts/report.mts creating an issue, (d) the same finding a duplicate, (e) bench/reference.sh
(bash + curl), (f) the installed command creating an issue and (g) finding the duplicate (the packed
tarball installed offline into a temporary project, run as node_modules/.bin/deploy-failure-reporter),
and (b), (c) and (f) again with cold caches; then peak memory, timelines inside the reporter process,
the install's size and time, dedup with 10,000 open issues, and a race of --race-runs reporters for one
failure (worst case and natural) with the writes it cost, and the extra time and memory of
REPORT_CI_LOG=auto on the create path, and the redactor's time over what one create sends (a plain
create's texts, and a body at its 65,536-character limit) next to the create's wall time. Prints the
table and the targets.

Options:
  --runs N       timed runs of each case (default 10), after one warm-up round
  --mem-runs N   extra runs per case that sample memory from /proc (default 5)
  --phase-runs N extra runs of (b), (c), (d), (f), (g) that timestamp phases inside the process (default 5)
  --package DIR  build, pack and install the package at DIR instead of this project's (default: here)
  --node PATH    run the cases on this node binary (or its bin folder); default: the node running this
  --node24       run the cases on Node 24 from .cache/node24, installing it there first like .ci/run
  --race-runs N  reporters in the race (default 50; 0 skips it)
  --race-only    run only the race
  --ci-log-only  run only the cost of REPORT_CI_LOG=auto on the create path (--runs, --mem-runs)
  --redact-only  run only the redactor's cost on the create path, against (c)'s wall time (--runs)
  --network-only run only the network case: the installed command and bench/reference*.sh on the create,
                 duplicate and resolve paths, on the plain loopback and over TLS behind a latency link
  --network-runs N  rounds of the network case (default 6; 0 skips it)
  --delay MS     the latency link's one-way delay (default 20, so 40 ms per round trip)
  --strict       exit 1 when a target is missed
  -h, --help     show this text
`

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const REASON = 'Deploy job failed'
const CREATED = /^\[INFO\] Created issue #\d+: \S+\n$/
const DUPLICATE = /^\[INFO\] Duplicate issue found, skipping creation\n\[INFO\] Open issue #\d+ holds this report: \S+\n$/

const { values } = parseFlags(scriptArgs(import.meta.url), {
  runs: { type: 'string', default: '10' },
  'mem-runs': { type: 'string', default: '5' },
  'phase-runs': { type: 'string', default: '5' },
  node: { type: 'string' },
  package: { type: 'string' },
  node24: { type: 'boolean' },
  strict: { type: 'boolean' },
  'race-runs': { type: 'string', default: '50' },
  'race-only': { type: 'boolean' },
  'ci-log-only': { type: 'boolean' },
  'redact-only': { type: 'boolean' },
  'network-only': { type: 'boolean' },
  'network-runs': { type: 'string', default: '6' },
  delay: { type: 'string', default: '20' },
  help: { type: 'boolean', short: 'h' },
})
if (values.help) {
  process.stdout.write(HELP)
  process.exit(0)
}
const runs = Math.max(1, Number(values.runs) || 10)
const memRuns = Math.max(0, Number(values['mem-runs']) || 0)
const phaseRuns = Math.max(0, Number(values['phase-runs']) || 0)
const bin = values.node24 ? node24Bin(ROOT) : nodeBin(values.node)

// Only what a shell in CI has: no npm_* variables or NODE_OPTIONS from the `npm run` that started us.
const baseEnv: Record<string, string> = { PATH: childPath(bin) }
for (const name of ['HOME', 'TMPDIR', 'LANG', 'TZ', 'USER']) if (process.env[name]) baseEnv[name] = process.env[name]!

const reporterEnv = (gh: LoopbackGitHub, sha: string) => ({
  ...baseEnv,
  ...gh.env({ CI_COMMIT_SHA: sha, CI_COMMIT_MESSAGE: 'Bench commit', CI_PIPELINE_URL: 'https://ci.example/p/1', DEPLOY_ENV: 'production' }),
})
const at = (command: string, args: string[], env = baseEnv): Command => ({ command, args, cwd: ROOT, env })
// The package is built and installed before the rounds start (below); it runs from the project it is installed in.
const installedCommand = (env: Record<string, string>): Command => ({ command: installed.bin, args: ['report', REASON], cwd: installed.project, env })
const cases: Case[] = [
  { key: 'a', label: "node -e ''", command: () => at('node', ['-e', '']) },
  { key: 'b', label: 'npx zx bench/empty.mts (launcher)', command: () => at('npx', ['zx', 'bench/empty.mts']) },
  { key: 'c', label: 'npx zx scripts/report.mts, create', command: (env) => at('npx', ['zx', 'scripts/report.mts', REASON], env), expect: CREATED },
  { key: 'd', label: 'npx zx scripts/report.mts, duplicate', command: (env) => at('npx', ['zx', 'scripts/report.mts', REASON], env), expect: DUPLICATE },
  { key: 'e', label: 'bench/reference.sh (bash + curl), create', command: (env) => at('bash', ['bench/reference.sh', REASON], env), expect: CREATED },
  // As in a fresh CI container: tsx (Node 20) and Node's compile cache keep their files in the temp folder.
  { key: 'b*', label: 'launcher, cold caches (empty TMPDIR)', command: () => at('npx', ['zx', 'bench/empty.mts']), cold: true },
  { key: 'c*', label: 'create, cold caches (empty TMPDIR)', command: (env) => at('npx', ['zx', 'scripts/report.mts', REASON], env), expect: CREATED, cold: true },
  { key: 'f', label: 'installed command, create', command: installedCommand, expect: CREATED },
  { key: 'g', label: 'installed command, duplicate', command: installedCommand, expect: DUPLICATE },
  { key: 'f*', label: 'installed, create, cold cache', command: installedCommand, expect: CREATED, cold: true },
]

/** Runs one case against `gh`, checks that it did its job, and returns what the loopback saw. */
const exec: Exec = async (c, gh, sha, memory = false) => {
  const [requests, chats] = [gh.requests.length, gh.chat.length]
  const cold = c.cold ? mkdtempSync(join(tmpdir(), 'bench-cold-')) : undefined
  const plain = c.command(reporterEnv(gh, sha))
  const command = cold ? { ...plain, env: { ...plain.env, TMPDIR: cold } } : plain
  const run = await (memory ? withMemory(command) : timed(command)).finally(() => cold && rmSync(cold, { recursive: true, force: true }))
  if (run.code !== 0 || (c.expect && !c.expect.test(run.stdout))) {
    throw new Error(`(${c.key}) ${c.label} failed (exit ${run.code}):\n${run.stdout}${run.stderr}`)
  }
  const api = gh.requests.slice(requests).map((r) => `${r.method} ${r.path.replace(/^\/repos\/[^/]+\/[^/]+/, '')}`)
  return { run, traffic: { api, chat: gh.chat.length - chats } }
}

// One create of `c` whose traffic is kept: what the loopback recorded during it, its output, its environment.
const captured = async (c: Case, gh: LoopbackGitHub, sha: string): Promise<CreateTraffic> => {
  const [requests, chat] = [gh.requests.length, gh.chat.length]
  const { run } = await exec(c, gh, sha)
  return { requests: gh.requests.slice(requests), chat: gh.chat.slice(chat), run, env: reporterEnv(gh, sha) }
}

// The redactor's time over what one create sends (bench/redact-cost.ts), set against `createMs`, the
// median wall time of the creates of `createCase` in this same bench: the plain create, and a create whose
// body is at its limit (a --log of 20,000 long lines, cut to the body's 65,536 characters).
const redactor = async (gh: LoopbackGitHub, createCase: Case, createMs: number): Promise<string[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-redact-'))
  try {
    const log = join(dir, 'deploy.log')
    writeFileSync(log, Array.from({ length: 20_000 }, (_, i) => `[deploy] step ${i}: uploading chunk ${i} of 20000 (${'.'.repeat(60)})\n`).join(''))
    const full: Case = { ...createCase, command: (env) => ({ ...createCase.command(env), env: { ...env, REPORT_LOG_LINES: '20000' }, args: [...createCase.command(env).args, '--log', log] }) }
    const plain = await captured(createCase, gh, fresh())
    const big = await captured(full, gh, fresh())
    const bodyChars = (t: CreateTraffic) => (t.requests.find((r) => r.method === 'POST' && /\/issues$/.test(r.path))?.json as { body?: string } | undefined)?.body?.length ?? 0
    return [
      '',
      `The redactor on the create path (redact() in this process over exactly what one create sent: issue title and body, chat payload, each printed line twice; against (${createCase.key})'s median wall time):`,
      ...formatRedactCost(`a plain create (body ${bodyChars(plain).toLocaleString('en')} characters)`, redactCost(plain), createMs, `(${createCase.key})`),
      ...formatRedactCost(`a body at its limit (${bodyChars(big).toLocaleString('en')} characters, from --log)`, redactCost(big), createMs, `(${createCase.key})`),
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

let serial = 0
const fresh = () => `b${Date.now().toString(36)}${(serial++).toString(36)}`
const results: CaseResult[] = cases.map((c) => ({ case: c, runs: [], traffic: [], memory: [] }))

const raceRuns = Math.max(0, Number(values['race-runs']) || 0)
const races = async (): Promise<string[]> => {
  if (!raceRuns) return []
  const lines: string[] = []
  for (const worstCase of [true, false]) {
    process.stderr.write(`Race of ${raceRuns} reporters${worstCase ? ' (worst case)' : ''} …\n`)
    const result = await race(raceRuns, worstCase, (env) => at('npx', ['zx', 'scripts/report.mts', REASON], { ...baseEnv, ...env }))
    lines.push('', ...formatRace(result))
    if (values.strict && (result.open !== 1 || result.failedRuns || result.silentRuns)) process.exitCode = 1
  }
  return lines
}
const ciLog = () => ciLogCost((env) => at('npx', ['zx', 'scripts/report.mts', REASON], { ...baseEnv, ...env }), runs, memRuns)
if (values['ci-log-only']) {
  process.stdout.write([...(await ciLog()), ''].join('\n'))
  process.exit()
}
if (values['redact-only']) {
  const gh = await startLoopbackGitHub()
  try {
    const create = cases[2]!
    const times: number[] = []
    await exec(create, gh, fresh())
    for (let r = 0; r < runs; r++) times.push((await exec(create, gh, fresh())).run.ms)
    process.stdout.write([...(await redactor(gh, create, summary(times).median)), ''].join('\n'))
  } finally {
    await gh.close()
  }
  process.exit()
}
if (values['race-only']) {
  process.stdout.write([...(await races()), ''].join('\n'))
  process.exit()
}

const env = machine(ROOT, baseEnv)
process.stderr.write(`Building, packing and installing ${values.package ?? 'the project'} on Node ${env.node} …\n`)
const installed: Installed = await installPackage(values.package ?? ROOT, baseEnv)
const networkRuns = Math.max(0, Number(values['network-runs']) || 0)
const network = async (): Promise<{ lines: string[]; missed: boolean }> => {
  if (!networkRuns) return { lines: [], missed: false }
  const oneWayMs = Math.max(0, Number(values.delay) || 0)
  const log = (line: string) => process.stderr.write(line)
  const result = await networkBench({ root: ROOT, baseEnv, bin: installed.bin, project: installed.project, rounds: networkRuns, oneWayMs, log })
  return networkTable(result, env.node)
}
if (values['network-only']) {
  try {
    process.stderr.write(`Machine: ${env.cpu}, nproc ${env.nproc}, load average ${env.load} at start\n`)
    const { lines, missed } = await network()
    process.stdout.write([`Machine: ${env.cpu}, nproc ${env.nproc}, load average ${env.load} at start`, ...lines, ''].join('\n'))
    if (values.strict && missed) process.exitCode = 1
  } finally {
    removeInstalled(installed)
  }
  process.exit()
}
const gh = await startLoopbackGitHub()
try {
  // Interleaved: every round runs every case once, starting one case later than the round before, so
  // that a slow spell of this (shared) machine spreads over all cases. (d) always follows (c), whose
  // issue it finds.
  const round = async (r: number, keep: boolean, memory = false) => {
    const units = [[0], [1], [2, 3], [4], [5], [6], [7, 8], [9]]
    for (let i = 0; i < units.length; i++) {
      const sha = fresh()
      for (const k of units[(i + r) % units.length]!) {
        const { run, traffic } = await exec(cases[k]!, gh, sha, memory)
        if (!keep) continue
        if (memory) results[k]!.memory.push(run as MemoryRun)
        else results[k]!.runs.push(run)
        if (cases[k]!.expect) results[k]!.traffic.push(traffic)
      }
    }
  }
  process.stderr.write(`Benchmarking on Node ${env.node}: 1 warm-up round, ${runs} timed rounds, ${memRuns} memory rounds …\n`)
  await round(0, false)
  for (let r = 0; r < runs; r++) await round(r, true)
  for (let r = 0; r < memRuns; r++) await round(r, true, true)
  const extra = phaseRuns ? phaseEnv(ROOT, baseEnv) : { npm: {}, direct: {} }
  const withPreload = (c: Case, add: Record<string, string>): Case => ({ ...c, command: (e) => ({ ...c.command(e), env: { ...c.command(e).env, ...add } }) })
  const preloaded = [[0], [7, 8]].map((g) => g.map((k) => withPreload(cases[k]!, extra.direct))).concat([[1], [2, 3]].map((g) => g.map((k) => withPreload(cases[k]!, extra.npm))))
  const phases = phaseRuns ? await measurePhases(exec, gh, preloaded, phaseRuns, fresh) : []
  process.stderr.write('Dedup with 10,000 open issues …\n')
  const scales = [
    await dedupAtScale(exec, '(c)/(d)', cases[2]!, cases[3]!, Math.min(runs, 5), fresh),
    await dedupAtScale(exec, '(f)/(g)', cases[7]!, cases[8]!, Math.min(runs, 5), fresh),
  ]

  const verdicts = checkTargets(env, results, scales)
  const inside = phases.length
    ? [
        '',
        `Inside the process (ms since it started; the median of ${phaseRuns} runs with bench/phases.mjs preloaded; CPU = user + system, median of the runs):`,
        ...phases.map((p) => `  (${p.case.key}) ${formatPhases(p)}`),
        cpuOver(phases),
      ]
    : []
  const raced = await races()
  process.stderr.write('REPORT_CI_LOG=auto on the create path …\n')
  const ciLogLines = await ciLog()
  process.stderr.write('The redactor on the create path …\n')
  const redactLines = await redactor(gh, cases[2]!, summary(results[2]!.runs.map((r) => r.ms)).median)
  const networked = await network()
  process.stdout.write([...table(env, runs, memRuns, results, scales, installed), ...inside, ...ciLogLines, ...redactLines, ...raced, '', ...verdicts.lines, '', ...networked.lines, ''].join('\n'))
  if (values.strict && (verdicts.missed || networked.missed)) process.exitCode = 1
} finally {
  await gh.close()
  removeInstalled(installed)
}
