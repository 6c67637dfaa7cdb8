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
  // What changed since the last good deploy the stand-in recorded two hours earlier (9c8b7a6): its
  // deployments, the comparison and the pull requests of the commits, one line each; the chat notice says it too.
  const changed = /\n### What changed\n([\s\S]*?)\n### /.exec(stdout)?.[1] ?? ''
  assert.match(changed, /^\*\*2 pull requests and 3 commits\*\* since the last good deploy \(`9c8b7a6`, 2 h ago\): \[compare\]\(https:\/\/github\.com\/acme\/shop\/compare\/9c8b7a6d5e4f30211203f4e5d6c7b8a9f0e1d2c3\.\.\.a1b2c3d4e5f60718293a4b5c6d7e8f9012345678\)\n/)
  assert.match(changed, '\n- Keep order totals in their own table ([#212](https://github.com/acme/shop/pull/212)) by ada\n- Index orders by creation time ([#211](https://github.com/acme/shop/pull/211)) by grace\n- Fix a typo in the deploy runbook (`5a4b3c2`) by ada\n')
  assert.match(changed, '\n**Authors:** ada, grace\n')
  assert.ok(stdout.indexOf('\n### What failed\n') < stdout.indexOf('\n### What changed\n'), 'What changed after What failed')
  assert.match(stdout, '\nFailed: deploy › Run ./deploy.sh production\nChanged: 2 PRs, 3 commits since 9c8b7a6 (2 h ago)\n')
  // The build job passed and the report job is the reporter's own: neither is named.
  assert.not.match(stdout, /\[build\]|\[report\]/)
  assert.match(stdout, '\n### Deploy recovered\n')
  assert.match(stdout, '\n*[DEPLOY FAILURE]* production\n')
  assert.match(stdout, '\nFailed: deploy › Run ./deploy.sh production\n')
  assert.match(stdout, '\n*[DEPLOY RECOVERED]* production\n')
  assert.is(stdout.match(/^--- The issue it filed/gm)?.length, 1, 'one issue')
}

