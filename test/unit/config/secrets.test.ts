// What loadConfig registers as secrets (lib/config/config.ts, lib/core/redact.ts), in every form a log, an
// error or a JSON document may print them in: each is taken out of any text from then on, and the text
// around it (the host, the rest of a line) stays.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../../lib/config/config.ts'
import { forgetSecrets, redact } from '../../../lib/core/redact.ts'

const OK = { ISSUE_TOKEN: 'tok-123456', ISSUE_REPO: 'acme/shop' }

test('a proxy\'s password, with or without a scheme (curl reads none as http://), as written and decoded', () => {
  for (const name of ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) {
    for (const proxy of ['deploy:Pr0xy%40Secret@proxy.corp:3128', 'http://deploy:Pr0xy%40Secret@proxy.corp:3128']) {
      forgetSecrets()
      loadConfig({ ...OK, [name]: proxy })
      assert.is(redact(`connect via ${proxy} failed`), `connect via ${proxy.startsWith('http') ? 'http://' : ''}***@proxy.corp:3128 failed`, `${name}=${proxy}`)
      assert.is(redact('password Pr0xy@Secret'), 'password ***', `${name}=${proxy}: decoded`)
    }
  }
})

test.run()
