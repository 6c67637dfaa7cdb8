// Octokit's failures as ApiErrors (lib/github/api-error.ts), with the server's text masked where it is
// made: the ApiError's message, and the RequestError it keeps as its cause (message and answer's body).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ApiError } from '../../../lib/core/errors.ts'
import { registerSecret } from '../../../lib/core/redact.ts'
import { masked, toApiError } from '../../../lib/github/api-error.ts'

const SECRET = 'Refused-Credential-0123456789'

// The shape of @octokit/request-error's RequestError, as the module knows it.
const requestError = (message: string, status: number, data: unknown) =>
  Object.assign(new Error(message), { name: 'HttpError', status, response: { headers: { 'X-Request-Id': 'r1' }, data } })

test('an ApiError masks its message as it is made', () => {
  registerSecret(SECRET)
  assert.is(new ApiError(`Bad credentials: ${SECRET}`, { status: 401, transient: false }).message, 'Bad credentials: ***')
})

test('toApiError: the ApiError, and the RequestError it keeps, hold the server\'s words without the secret', () => {
  registerSecret(SECRET)
  const original = requestError(`Bad credentials: Bearer ${SECRET}`, 401, { message: `Bad credentials: Bearer ${SECRET}`, documentation_url: 'https://docs.github.com/rest' })
  const error = toApiError(original) as ApiError
  assert.instance(error, ApiError)
  assert.equal([error.message, error.status, error.transient, error.headers], ['Bad credentials: Bearer ***', 401, false, { 'x-request-id': 'r1' }])
  assert.is(error.cause, original, 'the cause is kept')
  assert.is(original.message, 'Bad credentials: Bearer ***')
  assert.equal(original.response.data, { message: 'Bad credentials: Bearer ***', documentation_url: 'https://docs.github.com/rest' })
})

test('masked: anything but a RequestError is left as it is', () => {
  const other = new Error(`not Octokit's: ${SECRET}`)
  assert.is(masked(other), other)
  assert.is(other.message, `not Octokit's: ${SECRET}`)
})

test.run()
