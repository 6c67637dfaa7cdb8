import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../../lib/config/config.ts'
import { redact } from '../../../lib/core/log.ts'
import { forgetSecrets } from '../../../lib/core/redact.ts'
import { configProblems as problems } from '../../helpers/config-problems.ts'

const KEY = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey
const APP = { ISSUE_REPO: 'acme/shop', ISSUE_APP_ID: '4242', ISSUE_APP_PRIVATE_KEY: KEY }

test('an App instead of a token: ISSUE_TOKEN not required, the key kept as PEM, installation looked up later', () => {
  const c = loadConfig(APP)
  assert.is(c.token, '')
  assert.equal(c.app, { appId: '4242', privateKey: KEY.trim(), installationId: undefined })
  assert.is(loadConfig({ ...APP, ISSUE_APP_INSTALLATION_ID: '777' }).app?.installationId, 777)
  assert.is(loadConfig({ ...APP, ISSUE_APP_ID: 'Iv23liABCdef.1' }).app?.appId, 'Iv23liABCdef.1', 'a client id works too')
})

test('the key as a path, or with its newlines flattened to \\n by a secret store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'app-cfg-'))
  try {
    const path = join(dir, 'key.pem')
    writeFileSync(path, KEY)
    assert.is(loadConfig({ ...APP, ISSUE_APP_PRIVATE_KEY: path }).app?.privateKey, KEY.trim())
    assert.is(loadConfig({ ...APP, ISSUE_APP_PRIVATE_KEY: KEY.trim().replace(/\n/g, '\\n') }).app?.privateKey, KEY.trim())
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('token and App both set: one problem naming both; the spec message stays when neither is set', () => {
  assert.equal(problems({ ...APP, ISSUE_TOKEN: 'tok-123456' }), [
    'ISSUE_TOKEN and ISSUE_APP_ID are both set: use either a token or a GitHub App (ISSUE_APP_ID, ISSUE_APP_PRIVATE_KEY), not both',
  ])
  assert.equal(problems({ ISSUE_REPO: 'acme/shop' }), ['ISSUE_TOKEN is required'])
})

test('half an App, a bad id, a bad installation id, a key that is no key: each named, the key never echoed', () => {
  assert.equal(problems({ ISSUE_REPO: 'acme/shop', ISSUE_APP_ID: '4242' }), ['ISSUE_APP_PRIVATE_KEY is required with ISSUE_APP_ID (the PEM, or the path of the .pem file)'])
  assert.equal(problems({ ISSUE_REPO: 'acme/shop', ISSUE_APP_PRIVATE_KEY: KEY }), ["ISSUE_APP_ID is required with ISSUE_APP_PRIVATE_KEY (the App's id, from its settings page)"])
  assert.equal(problems({ ...APP, ISSUE_APP_ID: 'my-app', ISSUE_APP_INSTALLATION_ID: '-1' }), [
    'ISSUE_APP_ID must be the App\'s numeric id or its client id (Iv…), got "my-app"',
    'ISSUE_APP_INSTALLATION_ID must be a positive whole number, got "-1"',
  ])
  const mangled = KEY.replace('-----BEGIN RSA PRIVATE KEY-----', '-----BEGIN RSA PRIVATE KEY-----\nAAAA')
  const [bad] = problems({ ...APP, ISSUE_APP_PRIVATE_KEY: mangled })
  assert.match(bad!, /^ISSUE_APP_PRIVATE_KEY is not a valid PEM private key/)
  const [missing] = problems({ ...APP, ISSUE_APP_PRIVATE_KEY: 'MIIEowIBAAKCAQEAsecretish' })
  assert.is(missing, 'ISSUE_APP_PRIVATE_KEY must be a PEM private key or the path of one (reading it as a path failed: ENOENT)')
  assert.equal(problems({ ISSUE_REPO: 'acme/shop', ISSUE_TOKEN: 'tok-123456', ISSUE_APP_INSTALLATION_ID: '7' }), [
    'ISSUE_APP_INSTALLATION_ID is set, but ISSUE_APP_ID and ISSUE_APP_PRIVATE_KEY are not',
  ])
})

test('an App with ISSUE_TRACKER=gitlab is refused: an App is a GitHub identity', () => {
  assert.ok(problems({ ...APP, ISSUE_TRACKER: 'gitlab' }).includes('ISSUE_APP_ID is a GitHub App; ISSUE_TRACKER=gitlab takes ISSUE_TOKEN instead'))
})

test('once read, the key and each of its lines are secrets: redact takes them out of any text', () => {
  loadConfig(APP)
  const line = KEY.split('\n')[5]!
  assert.is(redact(`oops: ${line}`, []), 'oops: ***')
  assert.not.ok(redact(KEY, []).includes(line.slice(0, 16)))
})

test('a key saved with CRLF line endings: each body line is a secret without its CR, whatever the log\'s line endings', () => {
  // Only what this load registers: the test above registered the same key's lines read with \n endings.
  forgetSecrets()
  loadConfig({ ...APP, ISSUE_APP_PRIVATE_KEY: KEY.replace(/\n/g, '\r\n') })
  const line = KEY.split('\n')[5]!
  assert.is(redact(`openssl: bad line: ${line}\nnext`, []), 'openssl: bad line: ***\nnext')
  assert.is(redact(`x\r\n${line}\r\ny`, []), 'x\r\n***\r\ny')
})

test.run()
