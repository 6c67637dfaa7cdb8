// The Action's new inputs end to end, from source (lib/action/main.ts: dist/action.js is rebuilt from it at
// release): inputs win over the step's env:, reach the tools as their variables, and the secrets among
// them are never printed.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, runCommand, today } from '../helpers/helpers.ts'
import { useLoopback } from '../helpers/servers.ts'
import { githubMilestones } from '../helpers/loopback-milestones.ts'

const servers = useLoopback(test, { github: true, pagerduty: true, tmpdir: 'dfr-action-inputs-' })

const runAction = (inputs: Record<string, string>, env: Record<string, string> = {}) => {
  const vars: Record<string, string> = {
    GITHUB_ACTIONS: 'true',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: '4242',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    CI_COMMIT_MESSAGE: 'Bump',
    REPORT_RETRY_DELAY: '0.01',
    REPORT_WRITE_INTERVAL: '0',
    ...env,
  }
  for (const [name, value] of Object.entries({ token: servers.gh.token, repo: 'acme/shop', 'api-url': servers.gh.url, ...inputs })) vars[`INPUT_${name.toUpperCase()}`] = value
  return runCommand(process.execPath, ['--import', join(ROOT, 'scripts/ts-hook.mjs'), join(ROOT, 'lib/action/main.ts')], vars, { cwd: servers.dir })
}

test('inputs win over the step\'s env: template, labels, milestone and the pager key; no secret is printed', async () => {
  githubMilestones(servers.gh, ['From input', 'From env'])
  writeFileSync(join(servers.dir, 'input.md'), '---\ntitle: "Input template {{environment}} {{date}}"\n---\nfrom the input\n')
  writeFileSync(join(servers.dir, 'env.md'), '---\ntitle: "Env template {{environment}}"\n---\nfrom env\n')
  const r = await runAction(
    { template: 'input.md', labels: 'from-input', milestone: 'From input', 'pagerduty-routing-key': servers.pd.routingKey, environment: 'production' },
    { REPORT_TEMPLATE: 'env.md', REPORT_LABELS: 'from-env', REPORT_MILESTONE: 'From env', PAGERDUTY_ROUTING_KEY: 'ENVKEY0123456789ENVKEY0123456789', PAGERDUTY_EVENTS_URL: servers.pd.url },
  )
  assert.is(r.code, 0, r.stdout + r.stderr)
  const sent = servers.gh.calls('POST', /\/issues$/)[0]!.json as { title: string; body: string; labels: string[]; milestone: number }
  assert.is(sent.title, `Input template production ${today()}`)
  assert.is(sent.body, 'from the input\n')
  assert.equal(sent.labels, ['auto-deploy-failure', 'ops', 'from-input'])
  assert.is(sent.milestone, 1)
  assert.is(servers.pd.events[0]!.json.routing_key, servers.pd.routingKey)
  assert.not.ok((r.stdout + r.stderr).includes(servers.pd.routingKey))
  assert.not.ok((r.stdout + r.stderr).includes(servers.gh.token))
})

test('a bad input value is a configuration error naming the variable, exit 2, before any request', async () => {
  const r = await runAction({ group: 'team', 'pager-severity': 'loud', 'pagerduty-routing-key': servers.pd.routingKey })
  assert.is(r.code, 2)
  assert.match(r.stdout + r.stderr, /REPORT_GROUP must be title or environment, got "team"/)
  assert.match(r.stdout + r.stderr, /REPORT_PAGER_SEVERITY must be one of critical, error, warning, info, got "loud"/)
  assert.is(servers.gh.requests.length, 0)
})

test.run()
