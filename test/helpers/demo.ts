// The story `deploy-failure-reporter demo` tells, checked the same way wherever it runs from.
import * as assert from 'uvu/assert'
import { today } from './helpers.ts'

/** The demo's first line of a created issue; its first group is the stand-in's address. */
export const DEMO_ISSUE = /\[INFO\] Created issue #1: (http:\/\/127\.0\.0\.1:\d+)\/acme\/shop\/issues\/1\n/

/** What every full demo shows, wherever it is run from: a checkout (demo.e2e) or the packed package (package.e2e). */
export function assertFullDemo(stdout: string): void {
  const base = DEMO_ISSUE.exec(stdout)?.[1]
  assert.ok(base, `the issue's address:\n${stdout}`)
  assert.match(stdout, `\n[INFO] Duplicate issue found, skipping creation\n[INFO] Open issue #1 holds this report: ${base}/acme/shop/issues/1\n`)
  assert.match(stdout, `\n[INFO] Closed issue #1: ${base}/acme/shop/issues/1\n`)
  // The issue, as the Action files it: the run's address, and What failed with the failed job, its step, its log.
  assert.match(stdout, `\n# [DEPLOY FAIL] production — a1b2c3d — ${today()}\n`)
  assert.match(stdout, '**Pipeline:** https://github.com/acme/shop/actions/runs/4242\n')
  const job = 'https://github.com/acme/shop/actions/runs/4242/job/102'
  assert.match(stdout, `\n### What failed\n- [deploy](${job}) › [Run ./deploy.sh production](${job}#step:3:1)\n`)
  assert.match(stdout, '\nERROR: relation "order_totals" does not exist (SQLSTATE 42P01)\n')
  // The build job passed and the report job is the reporter's own: neither is named.
  assert.not.match(stdout, /\[build\]|\[report\]/)
  assert.match(stdout, '\n### Deploy recovered\n')
  assert.match(stdout, '\n*[DEPLOY FAILURE]* production\n')
  assert.match(stdout, '\nFailed: deploy › Run ./deploy.sh production\n')
  assert.match(stdout, '\n*[DEPLOY RECOVERED]* production\n')
  assert.is(stdout.match(/^--- The issue it filed/gm)?.length, 1, 'one issue')
}

