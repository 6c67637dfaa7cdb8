import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isHttpUrl, trimmedValue, value } from '../../../lib/config/env.ts'

test('value: an unset or empty variable is not given; any other text is kept as it is', () => {
  const env = { SET: ' x ', EMPTY: '', SPACE: ' ' }
  assert.is(value(env, 'UNSET'), undefined)
  assert.is(value(env, 'EMPTY'), undefined)
  assert.is(value(env, 'SET'), ' x ')
  assert.is(value(env, 'SPACE'), ' ', 'a secret or a message keeps its spaces')
})

test('trimmedValue: the spaces around a word go, and only spaces is not given', () => {
  const env = { SET: ' 3 \n', SPACE: ' \t', EMPTY: '' }
  assert.is(trimmedValue(env, 'SET'), '3')
  assert.is(trimmedValue(env, 'SPACE'), undefined)
  assert.is(trimmedValue(env, 'EMPTY'), undefined)
  assert.is(trimmedValue(env, 'UNSET'), undefined)
})

test('isHttpUrl: http and https addresses only', () => {
  for (const ok of ['https://api.github.com', 'http://127.0.0.1:8080/x']) assert.ok(isHttpUrl(ok), ok)
  for (const bad of ['ftp://host', 'api.github.com', 'not a url', '', 'file:///etc/passwd', 'javascript:alert(1)']) assert.not.ok(isHttpUrl(bad), bad)
})

test.run()
