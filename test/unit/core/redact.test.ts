// The one redactor (lib/core/redact.ts) at its edges: the minimum length, secrets inside secrets, the
// shapes it adds to the list, and payloads built as objects.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addressSecrets, credentialsIn, forgetSecrets, MIN_SECRET_LENGTH, passwordIn, printedForms, proxyAddress, redact, redactDeep, registerSecret, registeredSecrets } from '../../../lib/core/redact.ts'
import { redactSecrets } from '../../../lib/core/text/secrets.ts'

test('the minimum length: a known value of exactly MIN_SECRET_LENGTH is masked, one character shorter is not', () => {
  assert.is(MIN_SECRET_LENGTH, 4, 'the documented minimum (docs/security.md)')
  assert.is(redactSecrets('a Q7w! b', ['Q7w!']), 'a *** b')
  assert.is(redactSecrets('a Q7w b', ['Q7w']), 'a Q7w b')
  assert.is(redact('a Z9x% b', ['Z9x%']), 'a *** b')
  assert.is(redact('a Z9x b', ['Z9x']), 'a Z9x b')
})

test('registered: from then on taken out of everything; a value below the minimum is not registered', () => {
  registerSecret('reg1stered-Secret-Value', 'r3g', undefined)
  assert.ok(registeredSecrets().includes('reg1stered-Secret-Value'))
  assert.not.ok(registeredSecrets().includes('r3g'))
  assert.is(redact('x reg1stered-Secret-Value y'), 'x *** y')
})

test('a secret that holds another goes whole, whatever order they were named in', () => {
  const webhook = 'https://chat.example/hooks/Hk-0123456789'
  const path = '/hooks/Hk-0123456789'
  assert.is(redact(`post to ${webhook} failed`, [path, webhook]), 'post to *** failed')
  assert.is(redact(`post to ${webhook} failed`, [webhook, path]), 'post to *** failed')
})

test('PEM: an END before a later BEGIN masks what precedes the END and what follows the BEGIN, and keeps what lies between', () => {
  const text = [
    'Zm9vYmFyYmF6cXV4',
    '-----END RSA PRIVATE KEY-----',
    'deploy step 3 ok',
    '-----BEGIN RSA PRIVATE KEY-----',
    'MIIEowIBAAKCAQEA',
  ].join('\n')
  const out = redact(text)
  assert.is(out, '***\ndeploy step 3 ok\n***')
  assert.not.ok(out.includes('Zm9vYmFy'))
  assert.not.ok(out.includes('MIIEowIB'))
})

test('headers: JOB-TOKEN, PRIVATE-TOKEN, Authorization and Proxy-Authorization values go to the end of the line, in any case', () => {
  for (const name of ['JOB-TOKEN', 'job-token', 'PRIVATE-TOKEN', 'Authorization', 'proxy-authorization']) {
    assert.is(redact(`curl -H "${name}: s3cr3tValue42" x\nnext`), `curl -H "${name}: ***\nnext`, name)
    assert.is(redact(`${name}=s3cr3tValue42`), `${name}=***`, name)
  }
  assert.is(redact('JOB-TOKENS are listed'), 'JOB-TOKENS are listed', 'only the header form')
})

test('redactDeep: every string in plain objects and lists, kept keys sent as they are, dates untouched', () => {
  const time = new Date(0)
  const out = redactDeep({ text: 'k=Dp-0123456789', list: ['Dp-0123456789'], nested: { n: 1, s: 'Dp-0123456789' }, routing_key: 'Dp-0123456789', time }, ['routing_key'])
  registerSecret('Dp-0123456789')
  const again = redactDeep({ text: 'k=Dp-0123456789', list: ['Dp-0123456789'], nested: { n: 1, s: 'Dp-0123456789' }, routing_key: 'Dp-0123456789', time }, ['routing_key'])
  assert.is(out.text, 'k=Dp-0123456789', 'not a secret before it is registered')
  assert.equal(again, { text: 'k=***', list: ['***'], nested: { n: 1, s: '***' }, routing_key: 'Dp-0123456789', time })
  assert.is(again.time, time)
})

test('registerSecret at the minimum: 4 characters are registered and masked, 3 are not', () => {
  registerSecret('Kq4#', 'Kq3')
  assert.ok(registeredSecrets().includes('Kq4#'))
  assert.not.ok(registeredSecrets().includes('Kq3'))
  assert.is(redact('a Kq4# b Kq3 c'), 'a *** b Kq3 c')
})

test('registered secrets go longest first, whatever order and whichever call registered them', () => {
  const webhook = 'https://chat.example/hooks/Rg-0123456789'
  const path = '/hooks/Rg-0123456789'
  registerSecret(path)
  registerSecret(webhook)
  assert.is(redact(`post to ${webhook} failed`), 'post to *** failed')
  assert.equal(registeredSecrets().filter((s) => s.includes('Rg-0123456789')), [webhook, path])
  forgetSecrets()
  registerSecret(path, webhook)
  assert.equal(registeredSecrets(), [webhook, path])
  assert.is(redact(`post to ${webhook} failed`), 'post to *** failed')
})

test('forgetSecrets empties the list: nothing registered is masked any more', () => {
  registerSecret('Fg-0123456789')
  assert.is(redact('x Fg-0123456789'), 'x ***')
  forgetSecrets()
  assert.equal(registeredSecrets(), [])
  assert.is(redact('x Fg-0123456789'), 'x Fg-0123456789')
  assert.is(redact(''), '')
})

test('credentialsIn: an address\'s user:password, the password as written and decoded; [] without one; a non-address whole', () => {
  assert.equal(credentialsIn('http://ops:p%40ss-w0rd@proxy.example:3128'), ['ops:p%40ss-w0rd', 'p%40ss-w0rd', 'p@ss-w0rd'])
  assert.equal(credentialsIn('http://ops@proxy.example:3128'), [])
  // A user name with no password is a token when it is 20 characters or more, or has a token's shape.
  assert.equal(credentialsIn('http://a1b2c3d4e5f6a7b8c9d0@proxy.example'), ['a1b2c3d4e5f6a7b8c9d0'])
  assert.equal(credentialsIn('http://a1b2c3d4e5f6a7b8c9d@proxy.example'), [])
  assert.equal(credentialsIn('https://xoxb-0123456789@h.example'), ['xoxb-0123456789'])
  assert.equal(credentialsIn('https://tok%2Fen-0123456789abcdef@h.example'), ['tok%2Fen-0123456789abcdef', 'tok/en-0123456789abcdef'])
  assert.equal(credentialsIn('http://proxy.example:3128'), [])
  // A password whose escapes do not decode is kept as written.
  assert.equal(credentialsIn('http://ops:bad%E0%A4%A@proxy.example'), ['ops:bad%E0%A4%A', 'bad%E0%A4%A', 'bad%E0%A4%A'])
  assert.equal(credentialsIn('ops pass@proxy'), ['ops pass@proxy'])
})

test('proxyAddress: a proxy without a scheme is http://, as curl reads it; one with a scheme is kept as written', () => {
  assert.is(proxyAddress('deploy:pw-0123@proxy.example:3128'), 'http://deploy:pw-0123@proxy.example:3128')
  assert.is(proxyAddress('proxy.example:3128'), 'http://proxy.example:3128')
  assert.is(proxyAddress('https://deploy:pw-0123@proxy.example'), 'https://deploy:pw-0123@proxy.example')
  assert.is(proxyAddress('socks5://proxy.example:1080'), 'socks5://proxy.example:1080')
  assert.equal(credentialsIn(proxyAddress('deploy:pw%400123@proxy.example:3128')), ['deploy:pw%400123', 'pw%400123', 'pw@0123'])
})

test('passwordIn: an address setting\'s password as credentialsIn finds it, or as written when malformed; [] without one, or unset', () => {
  assert.equal(passwordIn('https://ops:pw%2F0123@ghe.example/api/v3'), ['ops:pw%2F0123', 'pw%2F0123', 'pw/0123'])
  assert.equal(passwordIn('https://ghe.example/api/v3'), [])
  assert.equal(passwordIn('ghe example'), [])
  assert.equal(passwordIn(undefined), [])
  // Malformed, or read as another scheme (`ops:`): the user:password as written, the password raw and decoded, each once.
  assert.equal(passwordIn('https://ops:pw%2F0123@exa mple/x@y'), ['ops:pw%2F0123', 'pw%2F0123', 'pw/0123'])
  assert.equal(passwordIn('ops:pw-0123@ghe.example'), ['ops:pw-0123', 'pw-0123'])
  assert.equal(passwordIn('https://ops@exa mple'), [])
  assert.equal(passwordIn('https://a1b2c3d4e5f6a7b8c9d0@exa mple'), ['a1b2c3d4e5f6a7b8c9d0'])
  assert.equal(passwordIn('https://ghe.example:8443/a@b'), [])
})

test('printedForms: as it is, percent-encoded, JSON with \\/ (PHP), & as \\u0026 (Go) or &amp; (HTML), each once', () => {
  const hook = 'https://h.example/hooks/x?k=1&t=2'
  assert.equal(printedForms(hook), [
    hook,
    'https%3A%2F%2Fh.example%2Fhooks%2Fx%3Fk%3D1%26t%3D2',
    'https://h.example/hooks/x?k=1\\u0026t=2',
    'https://h.example/hooks/x?k=1&amp;t=2',
    'https:\\/\\/h.example\\/hooks\\/x?k=1&t=2',
    'https:\\/\\/h.example\\/hooks\\/x?k=1\\u0026t=2',
    'https:\\/\\/h.example\\/hooks\\/x?k=1&amp;t=2',
  ])
  assert.equal(printedForms('Plain-0123'), ['Plain-0123'])
})

test('addressSecrets: the address, path and query, each secret-bearing parameter alone (raw and decoded), in every printed form; other parameters not alone', () => {
  const hook = 'https://chat.example/v1/spaces/S/messages?key=K3y-0123&token=T0k-4567%3D&threadKey=deploys&wait=true'
  const secrets = addressSecrets(hook)
  for (const secret of [hook, '/v1/spaces/S/messages', 'key=K3y-0123&token=T0k-4567%3D&threadKey=deploys&wait=true', 'K3y-0123', 'T0k-4567%3D', 'T0k-4567=', encodeURIComponent(hook), hook.replaceAll('/', '\\/'), hook.replaceAll('&', '\\u0026')]) {
    assert.ok(secrets.includes(secret), secret)
  }
  assert.not.ok(secrets.includes('deploys') || secrets.includes('true'), 'a parameter that carries no secret is not one on its own')
  assert.equal(addressSecrets('not an address'), ['not an address'])
})

test('redactDeep: null and undefined are passed as they are; a class instance and a number are not walked', () => {
  registerSecret('Dz-0123456789')
  class Box {
    readonly s = 'Dz-0123456789'
  }
  const box = new Box()
  const out = redactDeep({ a: null, b: undefined, c: 7, box, list: [null, 'Dz-0123456789'] })
  assert.equal(out, { a: null, b: undefined, c: 7, box, list: [null, '***'] })
  assert.is(out.box, box)
  assert.is(out.box.s, 'Dz-0123456789')
  assert.is(redactDeep(null), null)
  assert.is(redactDeep(undefined), undefined)
  // An object with no prototype is a plain object too.
  const bare = Object.assign(Object.create(null) as Record<string, string>, { s: 'Dz-0123456789' })
  assert.equal({ ...redactDeep(bare) }, { s: '***' })
})

test.run()
