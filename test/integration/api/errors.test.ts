// What a caller of the plugin API gets when a server echoes the credential it refused: the rejection
// is the run's error as it is (no door between it and the caller's log), so the message of every error
// in its cause chain, and the answer's body Octokit keeps, must already be masked (lib/core/errors.ts
// ApiError, lib/github/api-error.ts masked). The chain itself stays, with the server's other words.
import { inspect } from 'node:util'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { reportDeployFailure } from '../../../lib/index.ts'
import { ApiError, CreateFailed } from '../../../lib/core/errors.ts'
import { LoopbackServer } from '../../helpers/loopback-server.ts'

const ENV = { REPORT_DOTENV: 'off', REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }

// A gateway that lists nothing and refuses every write, naming the Authorization header it was sent.
async function echoingServer(): Promise<LoopbackServer> {
  const server = new LoopbackServer((req, res) => {
    const refused = JSON.stringify({ message: `Bad credentials: ${req.headers.authorization}` })
    res.writeHead(req.method === 'GET' ? 200 : 401, { 'content-type': 'application/json' }).end(req.method === 'GET' ? '[]' : refused)
  })
  await server.listen()
  return server
}

const rejection = async (p: Promise<unknown>): Promise<Error> => {
  try {
    await p
  } catch (error) {
    return error as Error
  }
  assert.unreachable('expected a rejection')
  throw new Error('unreachable')
}

const chain = (error: unknown): Error[] => (error instanceof Error ? [error, ...chain(error.cause)] : [])

// GitHub's token shape, and one no shape knows (a GitHub Enterprise gateway's own), masked as registered.
for (const token of ['ghp_' + 'EchoedT0kenQ7w0123456789abcdefXYZ', 'PlainGatewayToken-0123456789abcdef']) {
  test(`reportDeployFailure (GitHub): a 401 echoing the token ${token.slice(0, 4)}… rejects with the refusal, the token nowhere in the chain`, async () => {
    const server = await echoingServer()
    let error: Error
    try {
      error = await rejection(reportDeployFailure({ token, repo: 'acme/shop', apiUrl: server.url, quiet: true, commitSha: 'abc1234', commitMessage: 'x', env: ENV }))
    } finally {
      await server.close()
    }
    const shown = inspect(error, { depth: Infinity })
    for (let i = 0; i + 8 <= token.length; i += 4) assert.not.ok(shown.includes(token.slice(i, i + 8)), `${token.slice(i, i + 8)} in:\n${shown}`)
    assert.instance(error, CreateFailed)
    const api = chain(error).find((e) => e instanceof ApiError) as ApiError | undefined
    assert.is(api?.status, 401, 'the cause chain is kept')
    assert.is(api?.message, 'Bad credentials: Bearer ***')
    assert.ok(chain(error).length >= 3, 'the ApiError keeps the error it was made of')
  })
}

test('reportDeployFailure (GitLab): a 401 echoing the token rejects with the refusal, the token nowhere in the chain', async () => {
  const token = 'PlainGitLabToken-0123456789abcdef'
  const server = await echoingServer()
  let error: Error
  try {
    error = await rejection(reportDeployFailure({ tracker: 'gitlab', token, repo: 'acme/shop', apiUrl: `${server.url}/api/v4`, quiet: true, commitSha: 'abc1234', commitMessage: 'x', env: ENV }))
  } finally {
    await server.close()
  }
  const shown = inspect(error, { depth: Infinity })
  for (let i = 0; i + 8 <= token.length; i += 4) assert.not.ok(shown.includes(token.slice(i, i + 8)), `${token.slice(i, i + 8)} in:\n${shown}`)
  const api = chain(error).find((e) => e instanceof ApiError) as ApiError | undefined
  assert.is(api?.status, 401)
  assert.is(api?.message, 'Bad credentials: Bearer ***')
})

test.run()
