import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createGitHub } from '../../../lib/github/client.ts'
import { addToBoard, readBoard } from '../../../lib/github/board.ts'
import { memoryLog } from '../../../lib/core/log.ts'
import { githubProject } from '../../helpers/loopback-github-graphql.ts'
import { useLoopback } from '../../helpers/servers.ts'

const servers = useLoopback(test, { github: true })
const BOARD = { url: 'https://github.com/users/octo/projects/2', ownerType: 'user' as const, owner: 'octo', number: 2, status: undefined }
const client = (apiUrl = servers.gh.url) =>
  createGitHub({ token: servers.gh.token, apiUrl, timeoutMs: 2000, maxWaitSeconds: 5, retryAttempts: 1, retryDelaySeconds: 0.01, writeIntervalSeconds: 0 }, memoryLog())

test('a user\'s board is read through user(login:), its Status options with it', async () => {
  githubProject(servers.gh, { ownerType: 'user', owner: 'octo', number: 2, title: 'Mine', statusOptions: ['Todo'] })
  const read = await readBoard(client(), BOARD)
  assert.ok('project' in read)
  assert.equal(read.project, { id: 'PVT_loopback2', title: 'Mine', field: { id: 'PVTSSF_status', options: [{ id: 'opt0', name: 'Todo' }] } })
})

test('GitHub Enterprise Server: GraphQL at /api/graphql beside /api/v3, with the same Bearer token', async () => {
  await readBoard(client(`${servers.gh.url}/api/v3`), BOARD).catch(() => undefined)
  const [request] = servers.gh.requests
  assert.is(request!.path, '/api/graphql')
  assert.is(request!.headers.authorization, `Bearer ${servers.gh.token}`)
})

test('addToBoard: a failed HTTP call is one [WARN], never a throw', async () => {
  servers.gh.inject('POST', /^\/graphql$/, { status: 502 })
  const log = memoryLog()
  await addToBoard(client(), BOARD, 'I_x', 3, log)
  assert.is(log.lines.length, 1)
  assert.match(log.lines[0]!, /^\[WARN\] Could not add #3 to the project https:\/\/github\.com\/users\/octo\/projects\/2 \(HTTP 502.*\); the issue is filed$/)
})

test.run()
