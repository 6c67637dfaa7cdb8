import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'uvu'
import { startLoopbackGitHub, type LoopbackGitHub, type LoopbackOptions } from './loopback-github.ts'
import { startLoopbackGitLab, type LoopbackGitLab, type LoopbackGitLabOptions } from './loopback-gitlab.ts'
import { startLoopbackGitLabCi, type LoopbackGitLabCi, type LoopbackGitLabCiOptions } from './loopback-gitlab-ci.ts'
import { startLoopbackProxy, type LoopbackProxy } from './loopback-proxy.ts'
import { startLoopbackSlack, type LoopbackSlack } from './loopback-slack.ts'
import { startLoopbackPagerDuty, type LoopbackPagerDuty } from './loopback-pagerduty.ts'

/** What a suite needs fresh for each test; `true` takes the server's defaults. */
export interface LoopbackChoice {
  github?: true | LoopbackOptions
  gitlab?: true | LoopbackGitLabOptions
  gitlabCi?: true | LoopbackGitLabCiOptions
  /** The bot token the loopback Slack accepts. */
  slack?: true | string
  /** The `user:password` the proxy demands. */
  proxy?: true | string
  /** The loopback PagerDuty Events API (loopback-pagerduty.ts). */
  pagerduty?: true
  /** The prefix of a scratch directory, removed after each test. */
  tmpdir?: string
}

/** The instances of the running test; reading one the suite did not ask for is a mistake in the test. */
export interface Loopback {
  readonly gh: LoopbackGitHub
  readonly gl: LoopbackGitLab
  readonly glci: LoopbackGitLabCi
  readonly slack: LoopbackSlack
  readonly proxy: LoopbackProxy
  readonly pd: LoopbackPagerDuty
  readonly dir: string
  /** Closes this test's servers and starts fresh ones with the same options; the directory stays. */
  restart(): Promise<void>
}

const arg = <T>(value: true | T): T | undefined => (value === true ? undefined : value)

/**
 * Starts the chosen servers before each test of `suite` and closes them after it. uvu runs the
 * after-each hooks also when a test or a before-each hook throws, and may run them twice then, so
 * closing forgets each instance first: every server is closed once, whatever failed.
 */
export function useLoopback(suite: Test, choice: LoopbackChoice): Loopback {
  let current: Partial<Record<keyof Loopback, unknown>> = {}

  const start = async () => {
    // Each one is kept as soon as it listens, so a later one failing to start still gets it closed.
    const started = current
    const jobs: Promise<unknown>[] = []
    if (choice.github) jobs.push(startLoopbackGitHub(arg(choice.github)).then((s) => (started.gh = s)))
    if (choice.gitlab) jobs.push(startLoopbackGitLab(arg(choice.gitlab)).then((s) => (started.gl = s)))
    if (choice.gitlabCi) jobs.push(startLoopbackGitLabCi(arg(choice.gitlabCi)).then((s) => (started.glci = s)))
    if (choice.slack) jobs.push(startLoopbackSlack(arg(choice.slack)).then((s) => (started.slack = s)))
    if (choice.proxy) jobs.push(startLoopbackProxy(arg(choice.proxy)).then((s) => (started.proxy = s)))
    if (choice.pagerduty) jobs.push(startLoopbackPagerDuty().then((s) => (started.pd = s)))
    const results = await Promise.allSettled(jobs)
    for (const r of results) if (r.status === 'rejected') throw r.reason
  }
  const close = async () => {
    const { gh, gl, glci, slack, proxy, pd } = current as Partial<Loopback>
    current = { dir: current.dir }
    const results = await Promise.allSettled([gh?.close(), gl?.close(), glci?.close(), slack?.close(), proxy?.close(), pd?.close()])
    for (const r of results) if (r.status === 'rejected') throw r.reason
  }

  suite.before.each(async () => {
    if (choice.tmpdir !== undefined) current.dir = mkdtempSync(join(tmpdir(), choice.tmpdir))
    await start()
  })

  suite.after.each(async () => {
    const dir = current.dir as string | undefined
    try {
      await close()
    } finally {
      current = {}
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
    }
  })

  const get = <K extends keyof Loopback>(key: K) => (): Loopback[K] => {
    if (current[key] === undefined) throw new Error(`useLoopback: no ${key} in this test; ask for it in the choice, and read it inside a test`)
    return current[key] as Loopback[K]
  }
  return Object.defineProperties({} as Loopback, {
    gh: { get: get('gh') },
    gl: { get: get('gl') },
    glci: { get: get('glci') },
    slack: { get: get('slack') },
    proxy: { get: get('proxy') },
    pd: { get: get('pd') },
    dir: { get: get('dir') },
    restart: {
      value: async () => {
        await close()
        await start()
      },
    },
  })
}
