// REPORT_CI_LOG=auto behind a proxy: the jobs list, the log's redirect and the log itself all go through
// HTTP_PROXY, and the log host still sees no credential of any kind.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FAST_ENV, FIXED_ENV } from '../helpers/fixtures.ts'
import { runScript } from '../helpers/helpers.ts'
import { actionsJob, failedLog, LoopbackActions } from '../helpers/loopback-github-actions.ts'
import { useLoopback } from '../helpers/servers.ts'

const servers = useLoopback(test, { github: true, proxy: 'deployer:pr0xy-s3cret-pa55' })

test('every CI request passes through the proxy; the log host gets no Authorization', async () => {
  const actions = await LoopbackActions.attach(servers.gh)
  try {
    actions.add(actionsJob(102, 'deploy', 'failure', [['Deploy', 'failure']], failedLog('./deploy.sh', 'ghp_' + 'x'.repeat(36))))
    const env = servers.gh.env({ ...FAST_ENV, ...FIXED_ENV, ...actions.env(), REPORT_LOG_LINES: '2', HTTP_PROXY: servers.proxy.urlWithCredentials })
    const r = await runScript('report.mts', ['Deploy job failed'], env)
    assert.is(r.code, 0, r.stderr)
    assert.is(r.stderr, '')
    const through = servers.proxy.seen.map((p) => `${p.method} ${p.target.replace(/\?.*$/, '')}`)
    assert.ok(through.includes(`GET ${servers.gh.url}/repos/acme/shop/actions/runs/4242/attempts/2/jobs`), through.join('\n'))
    assert.ok(through.includes(`GET ${servers.gh.url}/repos/acme/shop/actions/jobs/102/logs`))
    assert.ok(through.includes(`GET ${actions.logHost.url}/logs/102`))
    assert.equal(actions.logHost.withCredentials, [])
    assert.is(actions.logHost.requests.length, 1)
    const body = (servers.gh.calls('POST', /\/issues$/)[0]!.json as { body: string }).body
    assert.ok(body.includes('<details><summary>Last 2 lines of deploy › Deploy'), body)
  } finally {
    await actions.close()
  }
})

test.run()
