// Every GitHub request pins the REST API version GitHub recommends, and keeps the spec's Accept.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { runInProcess } from '../../helpers/in-process.ts'
import { FAST_ENV, FIXED_ENV } from '../../helpers/fixtures.ts'
import { startLoopbackGitHub } from '../../helpers/loopback-github.ts'

test('report, resolve and doctor: X-GitHub-Api-Version 2022-11-28 and the spec Accept on every request', async () => {
  const gh = await startLoopbackGitHub()
  try {
    const env = gh.env({ ...FAST_ENV, ...FIXED_ENV, REPORT_WRITE_INTERVAL: '0.01', ON_DUPLICATE: 'comment' })
    const runs = [
      await runInProcess('report.mts', ['Deploy job failed'], env),
      await runInProcess('report.mts', ['Deploy job failed'], env),
      await runInProcess('resolve.mts', [], env),
      await runInProcess('doctor.mts', [], env),
    ]
    for (const r of runs) assert.is(r.code, 0, r.stdout + r.stderr)
    const kinds = new Set(gh.requests.map((q) => q.method))
    assert.equal([...kinds].sort(), ['GET', 'PATCH', 'POST'], 'reads, creates, comments and closes were all made')
    for (const q of gh.requests) {
      assert.is(q.headers['x-github-api-version'], '2022-11-28', `${q.method} ${q.path}`)
      assert.is(q.headers.accept, 'application/vnd.github.v3+json', `${q.method} ${q.path}`)
    }
    assert.ok(gh.chat.every((q) => q.headers['x-github-api-version'] === undefined), 'the chat webhook gets no GitHub header')
  } finally {
    await gh.close()
  }
})

test.run()
