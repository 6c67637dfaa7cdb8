// A `git` that hangs, put first on PATH: what a git stuck on a lock, a slow disk or a huge history looks
// like to the reporter. Each call records its process id and subcommand, then becomes `sleep` (exec: the
// same process, so killing git kills the wait). With `catFile: 'held'`, `git cat-file --batch-check`
// answers at once that it holds every commit asked about, so the comparison's own git calls are reached.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Long enough that a run waiting for it would be killed by the test's own bound first. */
const HANG_SECONDS = 300

export interface FakeGit {
  /** The folder to put first on PATH. */
  readonly bin: string
  /** Each call so far: its process id and subcommand, in order. */
  calls(): { pid: number; command: string }[]
  /** The calls whose process still runs. */
  running(): { pid: number; command: string }[]
  /** Waits (at most `ms`) until no call's process runs; returns those still running. */
  settled(ms?: number): Promise<{ pid: number; command: string }[]>
  /** Kills whatever still runs: the test's clean-up, whether it passed or not. */
  killAll(): void
}

const runs = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A hanging `git` in `dir`/fake-git-bin. */
export function fakeGit(dir: string, options: { catFile?: 'held' | 'hang' } = {}): FakeGit {
  const bin = join(dir, 'fake-git-bin')
  const log = join(dir, 'fake-git-calls')
  mkdirSync(bin, { recursive: true })
  const held = options.catFile === 'held'
  writeFileSync(
    join(bin, 'git'),
    [
      '#!/bin/sh',
      `echo "$$ $1" >> '${log}'`,
      // `<name> commit <size>`: what git answers for a commit it holds.
      ...(held ? ['if [ "$1" = cat-file ]; then', '  while read -r name; do echo "$name commit 1"; done', '  exit 0', 'fi'] : []),
      `exec sleep ${HANG_SECONDS}`,
      '',
    ].join('\n'),
  )
  chmodSync(join(bin, 'git'), 0o755)
  const calls = () =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => ({ pid: Number(line.split(' ')[0]), command: line.split(' ')[1] ?? '' }))
      : []
  const running = () => calls().filter((call) => runs(call.pid))
  return {
    bin,
    calls,
    running,
    async settled(ms = 10_000) {
      // A killed process is gone once its parent (or init, for an orphan) has reaped it: soon, not at once.
      for (const end = Date.now() + ms; Date.now() < end && running().length; ) await new Promise((resolve) => setTimeout(resolve, 50))
      return running()
    },
    killAll() {
      for (const { pid } of running()) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // Gone already.
        }
      }
    },
  }
}
