// The loopback GitLab refuses what GitLab refuses for the operations lib/ calls (test/helpers/openapi/
// gitlab-rest.ts), with Grape's 400, and keeps it, so that closing the server fails the test that sent it.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startLoopbackGitLab, type LoopbackGitLab } from '../../helpers/loopback-gitlab.ts'

let gl: LoopbackGitLab
test.before.each(async () => {
  gl = await startLoopbackGitLab()
})
test.after.each(async () => {
  gl.refused.length = 0
  await gl.close()
})

const send = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${gl.apiUrl}${path}`, {
    method,
    headers: { 'private-token': gl.token, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return res.status
}
const project = () => `/projects/${encodeURIComponent(gl.path)}`

test('an issue list with a state, a sort or an order GitLab does not know: 400, kept with the reason', async () => {
  assert.is(await send('GET', `${project()}/issues?state=open&sort=up&order_by=id&labels=auto-deploy-failure`), 400)
  assert.is(gl.refused.length, 1)
  for (const why of ['state must be equal to one of the allowed values ("opened", "closed", "all")', 'sort must be equal to', 'order_by must be equal to']) {
    assert.ok(gl.refused[0]!.includes(why), `${why} in ${gl.refused[0]}`)
  }
})

test('a create with assignees or a milestone that are not ids, a close GitLab does not know, notes in an unknown order', async () => {
  assert.is(await send('POST', `${project()}/issues`, { title: 't', assignee_ids: 'x', milestone_id: 'y' }), 400)
  assert.is(await send('PUT', `${project()}/issues/1`, { state_event: 'closed' }), 400)
  assert.is(await send('GET', `${project()}/issues/1/notes?sort=newest`), 400)
  assert.match(gl.refused[0]!, /body\/assignee_ids must be array; body\/milestone_id must be integer$/)
  assert.match(gl.refused[1]!, /body\/state_event must be equal to one of the allowed values \("close", "reopen"\)/)
  assert.match(gl.refused[2]!, /query parameter sort must be equal to one of the allowed values \("asc", "desc"\)/)
  assert.is(gl.issues.length, 0, 'nothing was filed')
})

test('what lib/ sends is taken: labels as a comma-separated string or an array, a close, the newest deployment', async () => {
  assert.is(await send('POST', `${project()}/issues`, { title: 't', description: 'b', labels: 'auto-deploy-failure,ops' }), 201)
  await send('POST', `${project()}/issues`, { title: 't', labels: ['auto-deploy-failure'] })
  await send('PUT', `${project()}/issues/1`, { state_event: 'close' })
  await send('GET', `${project()}/issues?state=opened&labels=auto-deploy-failure&per_page=100&order_by=created_at&sort=asc`)
  await send('GET', `${project()}/deployments?environment=production&status=success&order_by=finished_at&sort=desc&per_page=1`)
  assert.equal(gl.refused, [])
})

test.run()
