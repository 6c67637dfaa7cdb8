// A `git` that hangs, put first on PATH: what a git stuck on a lock, a slow disk or a huge history looks
// like to the reporter. With `child`, each call first starts a child of its own that sleeps as long (what a
// lazy fetch, a hook or a credential helper is to git), holding git's output open, which killing git alone
// would leave running. Each call records its process id, subcommand and the two variables that keep a
// git from waiting on a prompt or the network (lib/run/git-process.ts, gitEnv), then becomes `sleep` (exec: the same
// process, so killing git kills the wait). With `catFile: 'held'`, `git cat-file --batch-check`
// answers at once that it holds every commit asked about, so the comparison's own git calls are reached.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Long enough that a run waiting for it would be killed by the test's own bound first. */
const HANG_SECONDS = 300

export interface FakeGit {
  /** The folder to put first on PATH. */
  readonly bin: string
  /** Each call so far, in order. */
  calls(): GitCall[]
  /** The process ids of the children the calls started (`child`). */
  children(): number[]
  /** The calls whose process still runs, and the children as calls of the command `child`. */
  running(): GitCall[]
  /** Waits (at most `ms`) until no call's process runs; returns those still running. */
  settled(ms?: number): Promise<GitCall[]>
  /** Kills whatever still runs: the test's clean-up, whether it passed or not. */
  killAll(): void
}

/** One call of the fake git: its process id, its subcommand, and GIT_TERMINAL_PROMPT and GIT_NO_LAZY_FETCH as it saw them ('' when unset). */
export interface GitCall {
  readonly pid: number
  readonly command: string
  readonly terminalPrompt: string
  readonly noLazyFetch: string
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
export function fakeGit(dir: string, options: { catFile?: 'held' | 'hang'; child?: boolean } = {}): FakeGit {
  const bin = join(dir, 'fake-git-bin')
  const log = join(dir, 'fake-git-calls')
  const childLog = join(dir, 'fake-git-children')
  mkdirSync(bin, { recursive: true })
  const held = options.catFile === 'held'
  writeFileSync(
    join(bin, 'git'),
    [
      '#!/bin/sh',
      `echo "$$ $1 [$GIT_TERMINAL_PROMPT] [$GIT_NO_LAZY_FETCH]" >> '${log}'`,
      ...(options.child ? [`sleep ${HANG_SECONDS} &`, `echo "$!" >> '${childLog}'`] : []),
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
          .map((line): GitCall => {
            const [pid = '', command = '', prompt = '', lazy = ''] = line.split(' ')
            return { pid: Number(pid), command, terminalPrompt: prompt.slice(1, -1), noLazyFetch: lazy.slice(1, -1) }
          })
      : []
  const children = () => (existsSync(childLog) ? readFileSync(childLog, 'utf8').split('\n').filter(Boolean).map(Number) : [])
  const running = () => [...calls(), ...children().map((pid): GitCall => ({ pid, command: 'child', terminalPrompt: '', noLazyFetch: '' }))].filter((call) => runs(call.pid))
  return {
    bin,
    calls,
    children,
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
