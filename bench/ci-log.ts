// What REPORT_CI_LOG=auto costs on the create path: the same `report` run with and without it, interleaved,
// against the loopback GitHub serving a run with one failed job and a 2 MB log from a second origin.
// Prints the median extra wall time and the extra peak memory of the process tree.
import { startLoopbackGitHub } from '../test/helpers/loopback-github.ts'
import { actionsJob, failedLog, LoopbackActions } from '../test/helpers/loopback-github-actions.ts'
import { summary, timed, withMemory, type Command, type Run } from './measure.ts'

const CREATED = /^\[INFO\] Created issue #\d+: \S+\n$/

/** Runs `runs` interleaved pairs (off, auto) of `command`, then `memRuns` pairs sampling memory; returns the lines to print. */
export async function ciLogCost(command: (env: Record<string, string>) => Command, runs: number, memRuns: number): Promise<string[]> {
  const gh = await startLoopbackGitHub()
  const actions = await LoopbackActions.attach(gh)
  // About 2 MB: a long step of build output before the failure, as a real deploy job prints.
  const output = Array.from({ length: 20_000 }, (_, i) => `[deploy] uploading chunk ${i} of 20000 (${'.'.repeat(40)})`)
  actions.add(actionsJob(9001, 'deploy', 'failure', [['Set up job', 'success'], ['Deploy', 'failure']], failedLog('./deploy.sh production', 'not-a-secret', output)))
  let serial = 0
  const env = (auto: boolean) =>
    gh.env({ CI_COMMIT_SHA: `c${Date.now().toString(36)}${serial++}`, CI_COMMIT_MESSAGE: 'Bench commit', CI_PIPELINE_URL: 'https://ci.example/p/1', DEPLOY_ENV: 'production', ...actions.env({ REPORT_CI_LOG: auto ? 'auto' : 'off' }) })
  const check = <T extends Run>(auto: boolean, result: T): T => {
    if (result.code !== 0 || !CREATED.test(result.stdout)) throw new Error(`REPORT_CI_LOG=${auto ? 'auto' : 'off'} run failed (exit ${result.code}):\n${result.stdout}${result.stderr}`)
    return result
  }
  const run = async (auto: boolean) => check(auto, await timed(command(env(auto))))
  const sampled = async (auto: boolean) => check(auto, await withMemory(command(env(auto))))
  try {
    const times: { off: number[]; auto: number[] } = { off: [], auto: [] }
    const peaks: { off: number[]; auto: number[] } = { off: [], auto: [] }
    await run(false)
    await run(true)
    for (let r = 0; r < runs; r++) {
      // Alternating which goes first, so a slow spell of the machine falls on both.
      for (const auto of r % 2 ? [true, false] : [false, true]) times[auto ? 'auto' : 'off'].push((await run(auto)).ms)
    }
    for (let r = 0; r < memRuns; r++) {
      for (const auto of r % 2 ? [true, false] : [false, true]) peaks[auto ? 'auto' : 'off'].push((await sampled(auto)).treePeakKb)
    }
    const [off, auto] = [summary(times.off).median, summary(times.auto).median]
    const lines = [
      '',
      `REPORT_CI_LOG=auto on the create path (a 2 MB job log; medians of ${runs} interleaved runs each):`,
      `  wall time: ${off.toFixed(0)} ms off, ${auto.toFixed(0)} ms auto: +${(auto - off).toFixed(0)} ms (1 jobs page, 1 redirect, 1 log)`,
    ]
    if (memRuns) {
      const [memOff, memAuto] = [summary(peaks.off).median / 1024, summary(peaks.auto).median / 1024]
      lines.push(`  peak memory of the process tree: ${memOff.toFixed(1)} MB off, ${memAuto.toFixed(1)} MB auto: ${memAuto >= memOff ? '+' : ''}${(memAuto - memOff).toFixed(1)} MB (median of ${memRuns})`)
    }
    return lines
  } finally {
    await actions.close()
    await gh.close()
  }
}
