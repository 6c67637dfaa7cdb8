// A release script (scripts/release*.mts) run in the test's own process: the command its entry calls, with
// the same root, arguments and exit code, its lines collected as a process's stdout and stderr would
// hold them. Each entry is that one call (test/unit/scripts/release/entries.test.ts pins it), so only the
// start differs: ~1 s of CPU on Node 20 for a typed start (tsx), nothing here. The commands call git
// and Node (the bundle's build) as child processes, so the tests that use this stay in test/e2e/.
import { releaseCheckCommand } from '../../scripts/release/check-command.ts'
import { releaseCommand } from '../../scripts/release/cut-command.ts'
import { releaseNotesCommand } from '../../scripts/release/notes-command.ts'
import type { ScriptIo } from '../../scripts/release/script-io.ts'
import type { RunResult } from './helpers.ts'

export const RELEASE_COMMANDS = {
  'release.mts': releaseCommand,
  'release-check.mts': releaseCheckCommand,
  'release-notes.mts': releaseNotesCommand,
} as const satisfies Record<string, (root: string, args: readonly string[], io: ScriptIo) => number>

/** Runs `scripts/<script> …args` as if for the project at `root`, in this process. */
export function runReleaseInProcess(script: keyof typeof RELEASE_COMMANDS, root: string, args: readonly string[] = []): RunResult {
  let stdout = ''
  let stderr = ''
  const code = RELEASE_COMMANDS[script](root, args, { out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`) })
  return { code, stdout, stderr }
}
