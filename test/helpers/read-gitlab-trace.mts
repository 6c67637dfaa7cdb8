// Run as a child process by test/e2e/gitlab/ci-reader.test.ts: reads one job's trace tail with the GitLab CI
// reader and prints, as one JSON line, the lines and how far this process's resident memory grew during
// the read at most. A process of its own, so that the loopback server generating the trace, and the test
// runner's own garbage, are not counted. Environment: CI_API_V4_URL, CI_LOG_TOKEN, JOB_ID, LINES.
import { gitLabCiReader } from '../../lib/gitlab/ci-reader.ts'

const env = process.env
const reader = gitLabCiReader({ apiUrl: env.CI_API_V4_URL!, project: '4242', pipelineId: '777', token: env.CI_LOG_TOKEN!, tokenName: 'CI_LOG_TOKEN' })
const job = { id: env.JOB_ID!, name: 'deploy', url: '', steps: [], running: false }
const before = process.memoryUsage.rss()
let peak = before
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5)
const lines = await reader.logTail(job, Number(env.LINES), new AbortController().signal)
clearInterval(sample)
peak = Math.max(peak, process.memoryUsage.rss())
process.stdout.write(`${JSON.stringify({ lines, grownBytes: peak - before })}\n`)
