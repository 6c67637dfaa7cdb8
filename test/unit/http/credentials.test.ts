// What of an Authorization-like header is a secret (lib/http/credentials.ts): the credential after the
// scheme, and for Basic its decoded forms; never the scheme's name alone.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { credentialsInHeader, registerSentCredentials } from '../../../lib/http/credentials.ts'
import { redact, registeredSecrets } from '../../../lib/core/redact.ts'

const basic = (userPassword: string) => `Basic ${Buffer.from(userPassword).toString('base64')}`

test('the credential after the scheme, whatever the scheme and its case; the whole value without one', () => {
  assert.equal(credentialsInHeader('Bearer eyJhbGciOi.eyJpc3Mi.c2lnbmF0dXJl'), ['eyJhbGciOi.eyJpc3Mi.c2lnbmF0dXJl'])
  assert.equal(credentialsInHeader('bearer  jwt-from-auth-app '), ['jwt-from-auth-app'])
  assert.equal(credentialsInHeader('token ghs_installation0123'), ['ghs_installation0123'])
  assert.equal(credentialsInHeader('bare-api-key-0123'), ['bare-api-key-0123'])
})

test('Basic: the base64, the decoded user:password and the password', () => {
  assert.equal(credentialsInHeader(basic('proxyuser:pr0xy-Pa55')), [Buffer.from('proxyuser:pr0xy-Pa55').toString('base64'), 'proxyuser:pr0xy-Pa55', 'pr0xy-Pa55'])
  assert.equal(credentialsInHeader('Basic not*base64'), ['not*base64'])
})

test('a scheme with no credential, or an empty value, is no secret (the word would be masked everywhere)', () => {
  assert.equal(credentialsInHeader('Bearer'), [])
  assert.equal(credentialsInHeader('  '), [])
})

test('registerSentCredentials: Authorization and Proxy-Authorization in any case, no other header', () => {
  registerSentCredentials({ Authorization: 'Bearer sent-jwt-0123456789', 'proxy-authorization': basic('u:sent-proxy-pass'), 'x-api-version': 'v-2022-11-28' })
  assert.is(redact('echoed: sent-jwt-0123456789 and sent-proxy-pass'), 'echoed: *** and ***')
  assert.not.ok(registeredSecrets().includes('v-2022-11-28'))
  registerSentCredentials(undefined)
})

test.run()
