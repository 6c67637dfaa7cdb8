import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { redactSecrets } from '../../../../lib/core/text/secrets.ts'

// Shapes made up for the tests, in each vendor's documented format; none is a real credential.
const GH = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'
const SHAPES: [string, string][] = [
  ['GitHub classic', GH],
  ['GitHub OAuth', 'gho_' + 'z'.repeat(36)],
  ['GitHub app installation', 'ghs_' + '0123456789'.repeat(4)],
  ['GitHub fine-grained', 'github_pat_11ABCDEFG0' + 'x_Y'.repeat(25)],
  ['GitLab personal', 'glpat-' + 'Ab_-'.repeat(5)],
  ['Slack bot', 'xoxb-1234567890-0987654321-' + 'q'.repeat(24)],
  ['Slack user', 'xoxp-' + '12345-'.repeat(4) + 'abc'],
  ['AWS access key id', 'AKIA' + 'IOSFODNN7EXAMPLE'],
  ['Slack webhook path', 'hooks.slack.com/services/T000/B000/XXXXXXXX'],
]

for (const [name, secret] of SHAPES) {
  test(`${name}: replaced whole, even glued to other text`, () => {
    assert.is(redactSecrets(`before ${secret} after`), 'before *** after')
    assert.is(redactSecrets(`x${secret}`), 'x***')
    assert.is(redactSecrets(`"${secret}",`), '"***",')
  })
}

test('tokens printed with nothing between them are each masked, none left half visible', () => {
  const slack = 'xoxb-' + '1'.repeat(12) + '-AbC'
  const gitlab = 'glpat-' + 'Q'.repeat(20)
  assert.is(redactSecrets(GH + GH), '******')
  assert.is(redactSecrets(`${GH}g${slack}`), '******')
  assert.is(redactSecrets(`${slack}${GH}`), '******')
  assert.is(redactSecrets(`${slack}${gitlab}`), '******')
})

// A body at its shortest whose last characters spell the start of another prefix: the guard that keeps two
// glued tokens apart cut it short of its minimum, and it went out whole (the property test's counterexample).
test('a token whose body runs into what looks like another prefix is still masked', () => {
  const cases = [
    ['gglpat-AAAAAAAAAAAAAAAAAAAghp_\u0000\u001b[100;100m', 'AAAAAAAAAAAAAAAAAAAg'],
    [`ghp_${'B'.repeat(19)}glpat-x`, `${'B'.repeat(19)}g`],
    [`xoxb-${'1'.repeat(9)}x`.replace(/x$/, 'xoxp'), `${'1'.repeat(9)}x`],
    [`github_pat_${'C'.repeat(19)}gho_`, `${'C'.repeat(19)}g`],
  ]
  for (const [text, core] of cases) assert.not.ok(redactSecrets(text).includes(core), `${JSON.stringify(text)} → ${JSON.stringify(redactSecrets(text))}`)
})

test('Authorization headers lose their value to the end of the line, whatever the scheme and case', () => {
  assert.is(redactSecrets('> Authorization: Bearer abc.def\n< HTTP/2 200'), '> Authorization: ***\n< HTTP/2 200')
  assert.is(redactSecrets('authorization:token xyz'), 'authorization:***')
  assert.is(redactSecrets('-H "PRIVATE-TOKEN: s3cret" https://x'), '-H "PRIVATE-TOKEN: ***')
  assert.is(redactSecrets('Proxy-Authorization: Basic dXNlcjpwYXNz'), 'Proxy-Authorization: ***')
})

test('PEM private-key blocks go whole; a block cut at either end goes from or to the cut', () => {
  const key = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nAKCAQEA\n-----END RSA PRIVATE KEY-----'
  assert.is(redactSecrets(`a\n${key}\nb`), 'a\n***\nb')
  assert.is(redactSecrets('a\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNz\nAAAA'), 'a\n***')
  assert.is(redactSecrets('MIIEow\nAKCAQEA\n-----END PRIVATE KEY-----\nnext'), '***\nnext')
  assert.is(redactSecrets('-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQ\n-----END PGP PRIVATE KEY BLOCK-----'), '***')
  // A public key or certificate is not a secret.
  assert.is(redactSecrets('-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----'), '-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----')
})

test('known secrets (the run token, a webhook address) go wherever they are; short ones are left alone', () => {
  assert.is(redactSecrets('tok=plain-token-123;', ['plain-token-123']), 'tok=***;')
  assert.is(redactSecrets('abc', ['ab']), 'abc')
})

test('ordinary log text is untouched', () => {
  const text = 'npm ERR! code ELIFECYCLE\nghp_ is a prefix\nAKIA short\nxoxb-1\nAuthorization header missing'
  assert.is(redactSecrets(text), text)
})

test('every occurrence of each token shape goes, not only the first', () => {
  const pat = 'github_pat_11ABCDEFG0' + 'x_Y'.repeat(25)
  const gl = 'glpat-' + 'Ab_-'.repeat(5)
  const slack = 'xoxb-' + '1'.repeat(12)
  for (const token of [GH, pat, gl, slack, 'AKIAIOSFODNN7EXAMPLE', 'hooks.slack.com/services/T000/B000/XXXXXXXX']) {
    assert.is(redactSecrets(`a ${token} b ${token} c`), 'a *** b *** c', token)
  }
})

test('a header name, spaces, then the colon: the value still goes', () => {
  assert.is(redactSecrets('Authorization : Bearer abc.def'), 'Authorization : ***')
  assert.is(redactSecrets('JOB-TOKEN\t=\ts3cret'), 'JOB-TOKEN\t=\t***')
})

test('PEM: an END after a whole block masks its own marker; an END glued to a BEGIN takes everything to the end', () => {
  const begin = '-----BEGIN PRIVATE KEY-----'
  const end = '-----END PRIVATE KEY-----'
  assert.is(redactSecrets(`a\n${begin}\nk1\n${end}\nb\n${end}\nc`), 'a\n***\nb\n***\nc')
  // The END's closing dashes are the BEGIN's opening ones: the key after it goes with them.
  assert.is(redactSecrets(`${end.slice(0, -5)}${begin}\nMIIEsecret`), '***')
  // An END then a BEGIN, touching: one mask, not two.
  assert.is(redactSecrets(`x\n${end}${begin}\ny`), '***')
})

test.run()
