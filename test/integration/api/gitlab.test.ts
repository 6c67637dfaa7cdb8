// The plugin API files to GitLab with `tracker: 'gitlab'`, against the loopback GitLab.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { reportDeployFailure } from '../../../lib/index.ts'
import { FIXED_ENV } from '../../helpers/fixtures.ts'
import { startLoopbackGitLab } from '../../helpers/loopback-gitlab.ts'

test('reportDeployFailure({ tracker: "gitlab" }) files one issue and answers with its iid and web_url; a second call finds it', async () => {
  const gl = await startLoopbackGitLab()
  try {
    const options = { tracker: 'gitlab' as const, token: gl.token, repo: gl.path, apiUrl: gl.apiUrl, env: { ...FIXED_ENV, REPORT_WRITE_INTERVAL: '0' }, quiet: true, reason: 'Deploy job failed' }
    const first = await reportDeployFailure(options)
    const [issue] = gl.issues
    assert.equal({ outcome: first.outcome, number: first.number, url: first.url }, { outcome: 'created', number: issue!.iid, url: issue!.web_url })
    assert.equal(issue!.labels, ['auto-deploy-failure', 'ops'])
    const second = await reportDeployFailure(options)
    assert.is(second.outcome, 'duplicate')
    assert.is(second.number, issue!.iid)
    assert.is(gl.issues.length, 1)
  } finally {
    await gl.close()
  }
})

test.run()
