// Runs several end-to-end scenarios at once, each against its own loopback GitHub. Scenarios that wait
// (rate limits, plugin-throttling's pacing of creates) then cost the longest wait, not the sum.
import { runScript, type RunResult } from './helpers.ts'
import { startLoopbackGitHub, type LoopbackGitHub } from './loopback-github.ts'

/** A named scenario: set the server up, run the reporter, check what happened. */
export interface Scenario {
  readonly name: string
  readonly env?: Record<string, string>
  readonly arrange: (server: LoopbackGitHub) => void
  readonly check: (server: LoopbackGitHub, run: RunResult) => void
}

/**
 * Runs `npx zx scripts/report.mts "Deploy job failed"` once per scenario, all at the same time, with
 * `baseEnv` and the scenario's `env`. A failed check is rethrown with the scenario's name and output.
 */
export async function runScenarios(scenarios: readonly Scenario[], baseEnv: Record<string, string>): Promise<void> {
  const servers = await Promise.all(scenarios.map(() => startLoopbackGitHub()))
  try {
    const runs = await Promise.all(
      scenarios.map((s, i) => {
        s.arrange(servers[i]!)
        return runScript('report.mts', ['Deploy job failed'], servers[i]!.env({ ...baseEnv, ...s.env }), { timeoutMs: 120_000 })
      }),
    )
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
