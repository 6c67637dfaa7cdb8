// Runs several scenarios of the reporter, each against its own loopback GitHub. As processes (runScript,
// the default) they run at once, so scenarios that wait (rate limits, plugin-throttling's pacing of
// creates) cost the longest wait, not the sum. In process (runInProcess) runs take turns, as each swaps
// process-wide state: each scenario is then set up when its turn comes, so that a time it sets (a rate
// limit's reset) is as far ahead of its run as it would be at once.
import { runScript, type RunResult } from './helpers.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from './loopback-github.ts'

/** A named scenario: set the server up, run the reporter, check what happened. */
export interface Scenario {
  readonly name: string
  readonly env?: Record<string, string>
  readonly arrange: (server: LoopbackGitHub) => void
  readonly check: (server: LoopbackGitHub, run: RunResult) => void
}

/** How each scenario's reporter runs: `runScript` at once (helpers.ts), or `runInProcess` in turns (in-process.ts). */
export interface ScenarioRunner {
  readonly run: (script: string, args: readonly string[], env: Record<string, string>, options: { timeoutMs: number }) => Promise<RunResult>
  readonly inTurns: boolean
}

const AT_ONCE: ScenarioRunner = { run: runScript, inTurns: false }

/**
 * Runs `npx zx scripts/report.mts "Deploy job failed"` once per scenario, with `baseEnv` and the
 * scenario's `env`: as processes all at the same time, or in turns with `runner`. A failed check is
 * rethrown with the scenario's name and output.
 */
export async function runScenarios(scenarios: readonly Scenario[], baseEnv: Record<string, string>, runner: ScenarioRunner = AT_ONCE): Promise<void> {
  const servers = await Promise.all(scenarios.map(() => startLoopbackGitHub()))
  try {
    const start = (s: Scenario, i: number) => {
      s.arrange(servers[i]!)
      return runner.run('report.mts', ['Deploy job failed'], servers[i]!.env({ ...baseEnv, ...s.env }), { timeoutMs: 120_000 })
    }
    const runs: RunResult[] = []
    if (runner.inTurns) for (const [i, s] of scenarios.entries()) runs.push(await start(s, i))
    else runs.push(...(await Promise.all(scenarios.map(start))))
    scenarios.forEach((s, i) => {
      try {
        s.check(servers[i]!, runs[i]!)
      } catch (error) {
        ;(error as Error).message = `${s.name}: ${(error as Error).message}\nstdout: ${runs[i]!.stdout}\nstderr: ${runs[i]!.stderr}`
        throw error
      }
    })
  } finally {
    await Promise.all(servers.map((s) => s.close()))
  }
}
