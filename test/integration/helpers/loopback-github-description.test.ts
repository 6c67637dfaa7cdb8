// The loopback GitHub refuses what GitHub's REST description refuses (test/helpers/openapi/), answers it
// as GitHub does, and keeps it, so that closing the server fails the test that sent it. Each request
// below is one GitHub refuses; none is built from what the fake answers.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startLoopbackGitHub, type LoopbackGitHub } from '../../helpers/loopback-github.ts'

let gh: LoopbackGitHub
test.before.each(async () => {
  gh = await startLoopbackGitHub()
})
test.after.each(async () => {
  gh.refused.length = 0
  await gh.close()
})

const send = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${gh.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${gh.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, json: (await res.json()) as { message?: string } }
}

test('a list with a state, a sort or a page size GitHub does not know: 422, kept with the reason', async () => {
  const r = await send('GET', '/repos/acme/shop/issues?state=opened&sort=bogus&per_page=abc&labels=auto-deploy-failure')
  assert.is(r.status, 422)
  assert.is(gh.refused.length, 1)
  for (const why of ['state must be equal to one of the allowed values ("open", "closed", "all")', 'sort must be equal to one of', 'per_page must be integer']) {
    assert.ok(gh.refused[0]!.includes(why), `${why} in ${gh.refused[0]}`)
    assert.ok(r.json.message?.includes(why), `${why} in the answer`)
  }
  assert.not.ok(gh.refused[0]!.includes('parameter labels'), 'labels is a parameter of the operation')
})

test('a parameter the operation does not have, and a path parameter that is not a number', async () => {
  assert.is((await send('GET', '/repos/acme/shop/issues?milestones=3')).status, 422)
  assert.is((await send('GET', '/repos/acme/shop/issues/first')).status, 422)
  assert.match(gh.refused[0]!, /query parameter milestones is not in the description/)
  assert.match(gh.refused[1]!, /^GET \/repos\/acme\/shop\/issues\/first: path parameter issue_number must be integer/)
})

test('a create with labels and assignees as text, and a close with a reason GitHub does not have', async () => {
  assert.is((await send('POST', '/repos/acme/shop/issues', { title: 't', labels: 'a,b', assignees: 'octocat' })).status, 422)
  assert.is((await send('POST', '/repos/acme/shop/issues', { body: 'no title' })).status, 422)
  assert.is((await send('PATCH', '/repos/acme/shop/issues/1', { state: 'close', state_reason: 'fixed' })).status, 422)
  assert.match(gh.refused[0]!, /body\/labels must be array; body\/assignees must be array$/)
  assert.match(gh.refused[1]!, /body must have required property 'title'/)
  assert.match(gh.refused[2]!, /body\/state must be equal to one of the allowed values \("open", "closed"\); body\/state_reason must be equal/)
  assert.is(gh.issues.length, 0, 'nothing was filed')
})

test('what lib/ sends is taken: a list, a create, a close as duplicate, a workflow by file name', async () => {
  assert.is((await send('GET', '/repos/acme/shop/issues?state=open&labels=auto-deploy-failure&per_page=100&sort=created&direction=desc')).status, 200)
  assert.is((await send('POST', '/repos/acme/shop/issues', { title: 't', body: 'b', labels: ['auto-deploy-failure'], assignees: ['octocat'], milestone: 3 })).status, 201)
  assert.is((await send('POST', '/repos/acme/shop/issues', { title: 't', body: 'b', labels: ['auto-deploy-failure'] })).status, 201)
  assert.is((await send('PATCH', '/repos/acme/shop/issues/2', { state: 'closed', state_reason: 'duplicate', duplicate_issue_id: gh.issues[0]!.id })).status, 200)
  await send('GET', '/repos/acme/shop/actions/workflows/deploy.yml/runs?branch=main&status=success&per_page=1&exclude_pull_requests=true')
  await send('GET', '/repos/acme/shop/actions/workflows/77/runs?status=success&per_page=1')
  assert.equal(gh.refused, [])
})

test('closing a server that refused a request fails, naming it', async () => {
  await send('GET', '/repos/acme/shop/pulls?state=merged')
  const kept = [...gh.refused]
  const closing = await gh.close().then(() => undefined, (error: Error) => error)
  assert.instance(closing, Error)
  assert.match(closing!.message, /got 1 request\(s\) its API's description refuses:\nGET \/repos\/acme\/shop\/pulls\?state=merged: query parameter state must be equal to one of the allowed values \("open", "closed", "all"\)/)
  assert.equal(gh.refused, kept)
  gh = await startLoopbackGitHub()
})

test.run()
