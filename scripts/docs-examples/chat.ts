// docs/chat.md's bodies: what each chat format posts for a failure of staging at abc1234 (issue #12),
// then for the recovery closing #12 and #15, as the loopback GitHub's chat sink received them.
import { today } from '../../test/helpers/helpers.ts'
import type { LoopbackGitHub } from '../../test/helpers/loopback-github.ts'
import { command, fence, withGitHub } from './run.ts'

type Format = 'slack' | 'googlechat' | 'discord' | 'teams'

/** The bodies posted with CHAT_FORMAT=`format`: the failure's, then the recovery's. */
const posted = (format: Format) =>
  withGitHub(async (gh: LoopbackGitHub) => {
    // Eleven older issues, none a failure of staging, so that the report files #12.
    for (let i = 0; i < 11; i++) gh.addIssue({ title: `Older issue ${i + 1}`, state: 'closed' }, [])
    const env = (sha: string, pipeline: number) =>
      gh.env({ DEPLOY_ENV: 'staging', CI_COMMIT_SHA: sha, CI_COMMIT_MESSAGE: 'Bump the widget', CI_PIPELINE_URL: `https://ci.example/p/${pipeline}`, CHAT_FORMAT: format, REPORT_DOTENV: 'off', REPORT_WRITE_INTERVAL: '0' })
    const failed = await command('report "Deploy job failed"', ['report', 'Deploy job failed'], env('abc1234', 7))
    // Three more, the last another commit's failure of staging, still open: the recovery closes it too.
    for (const n of [13, 14]) gh.addIssue({ title: `Older issue ${n}`, state: 'closed' }, [])
    gh.addIssue({ title: `[DEPLOY FAIL] staging — 0ddba11 — ${today()}` })
    const recovered = await command('resolve', ['resolve'], env('def5678', 8))
    if (gh.chat.length !== 2) throw new Error(`CHAT_FORMAT=${format}: ${gh.chat.length} notices posted:\n${failed}${recovered}`)
    return gh.chat.map((post) => post.body)
  })

// JSON indented, but an object or array of plain values on one line: Teams' card, one long line as
// posted, is shown so to be read.
const indented = (value: unknown, pad = ''): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const entries: [string | undefined, unknown][] = Array.isArray(value) ? value.map((v) => [undefined, v]) : Object.entries(value)
  const item = ([key, v]: [string | undefined, unknown], inner: string) => `${key === undefined ? '' : `${JSON.stringify(key)}: `}${indented(v, inner)}`
  if (entries.every(([, v]) => v === null || typeof v !== 'object')) {
    const line = entries.map((e) => item(e, pad)).join(', ')
    return Array.isArray(value) ? `[${line}]` : `{${line}}`
  }
  const inner = `${pad}  `
  const lines = entries.map((e) => `${inner}${item(e, inner)}`).join(',\n')
  return Array.isArray(value) ? `[\n${lines}\n${pad}]` : `{\n${lines}\n${pad}}`
}

const SAMPLES_OF = (format: Format, which: 'both' | 'failure', pretty = false) => async () => {
  const bodies = await posted(format)
  const shown = which === 'both' ? bodies : bodies.slice(0, 1)
  return fence(shown.map((body) => (pretty ? indented(JSON.parse(body)) : body)).join('\n'), 'json')
}

export const CHAT_SAMPLES: Readonly<Record<string, () => Promise<string>>> = {
  'chat-slack': SAMPLES_OF('slack', 'both'),
  'chat-googlechat': SAMPLES_OF('googlechat', 'both'),
  'chat-discord': SAMPLES_OF('discord', 'failure'),
  'chat-teams': SAMPLES_OF('teams', 'failure', true),
}
