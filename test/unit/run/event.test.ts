// The run's head commit message from a GitHub Actions event file (lib/run/event.ts), read only for
// the run's own commit; the deployment a `deployment` or `deployment_status` event names.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { eventCommitMessage, eventDeployment, MAX_EVENT_BYTES } from '../../../lib/run/event.ts'

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
let dir: string
test.before.each(() => {
  dir = mkdtempSync(join(tmpdir(), 'event-'))
})
test.after.each(() => rmSync(dir, { recursive: true, force: true }))

const event = (body: unknown, name = 'event.json') => {
  const path = join(dir, name)
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body))
  return path
}
const actions = (path: string, sha = SHA) => ({ GITHUB_ACTIONS: 'true', GITHUB_SHA: sha, GITHUB_EVENT_PATH: path })

test('a push event: the head commit\'s message, trailing blank lines dropped', async () => {
  const path = event({ ref: 'refs/heads/main', head_commit: { id: SHA, message: 'Keep order totals in their own table\n\nBackfill in batches.\n\n' } })
  assert.is(await eventCommitMessage(actions(path)), 'Keep order totals in their own table\n\nBackfill in batches.')
})

test('nothing when the head commit is another commit, absent (a pull_request event) or has no message', async () => {
  assert.is(await eventCommitMessage(actions(event({ head_commit: { id: 'f'.repeat(40), message: 'Another commit' } }))), undefined)
  assert.is(await eventCommitMessage(actions(event({ pull_request: { number: 7 } }))), undefined)
  assert.is(await eventCommitMessage(actions(event({ head_commit: null }))), undefined)
  assert.is(await eventCommitMessage(actions(event({ head_commit: { id: SHA, message: ' \n' } }))), undefined)
})

test('nothing outside GitHub Actions, without a file, with a file that is not JSON or too large', async () => {
  const path = event({ head_commit: { id: SHA, message: 'Fix' } })
  assert.is(await eventCommitMessage({ ...actions(path), GITHUB_ACTIONS: undefined }), undefined)
  assert.is(await eventCommitMessage(actions(join(dir, 'missing.json'))), undefined)
  assert.is(await eventCommitMessage(actions(event('{"head_commit": {', 'cut.json'))), undefined)
  const big = event({ head_commit: { id: SHA, message: 'Fix' } }, 'big.json')
  truncateSync(big, MAX_EVENT_BYTES + 1)
  assert.is(await eventCommitMessage(actions(big)), undefined)
  assert.is(await eventCommitMessage(actions(path)), 'Fix', 'the same file, in Actions and of its size, is read')
})

test('a deployment_status or deployment event: the id of the deployment it names; nothing for another event or a file without one', async () => {
  const status = event({ action: 'created', deployment_status: { state: 'success' }, deployment: { id: 70_002, sha: SHA } })
  const named = (name: string | undefined, path = status) => eventDeployment({ ...actions(path), GITHUB_EVENT_NAME: name })
  assert.is(await named('deployment_status'), 70_002)
  assert.is(await named('deployment', event({ action: 'created', deployment: { id: 42 } }, 'deployment.json')), 42)
  assert.is(await named('push'), undefined, 'only the events about a deployment name the one under test')
  assert.is(await named(undefined), undefined)
  assert.is(await eventDeployment({ ...actions(status), GITHUB_ACTIONS: undefined, GITHUB_EVENT_NAME: 'deployment_status' }), undefined)
  for (const [i, body] of [{ deployment: null }, { deployment: { id: '70002' } }, { deployment: { id: 0 } }, {}, '[1]'].entries()) {
    assert.is(await named('deployment_status', event(body, `odd-${i}.json`)), undefined, JSON.stringify(body))
  }
})

test.run()
