// docs/stats.md's outputs: `stats --since 2026-10-01 --until 2026-10-31` in each format against the
// loopback GitHub seeded with the October history of test/helpers/stats-history.ts (its issues, comments,
// closes and deployments with their statuses). The period is fixed, so these are written as printed:
// their dates and durations are the history's, not a run's (STATS_AS_PRINTED).
import { serveGitHubDeployments } from '../../test/helpers/loopback-deployments.ts'
import { OCTOBER, OCTOBER_DEPLOYMENTS } from '../../test/helpers/stats-history.ts'
import { seedGitHub } from '../../test/helpers/stats-seed.ts'
import { fence, terminal, withGitHub } from './run.ts'
import { main } from '../../lib/cli/main.ts'

const OCT = ['--since', '2026-10-01', '--until', '2026-10-31']

// The three formats, read side by side from one seeded repository (stats writes nothing).
const run = () =>
  withGitHub(async (gh) => {
    seedGitHub(gh, OCTOBER)
    serveGitHubDeployments(gh, OCTOBER_DEPLOYMENTS)
    const env = gh.env({ REPORT_DOTENV: 'off', REPORT_WRITE_INTERVAL: '0', REPORT_RETRY_DELAY: '0.01' })
    const printed = async (format: string) => {
      const out = terminal()
      const code = await main(['stats', ...OCT, '--format', format], { env, stdout: out.writer, stderr: out.writer })
      if (code !== 0) throw new Error(`stats --format ${format} exited ${code}:\n${out.text()}`)
      return out.text()
    }
    const [table, markdown, badge] = await Promise.all([printed('table'), printed('markdown'), printed('badge')])
    return { table, markdown, badge }
  })

let stats: ReturnType<typeof run> | undefined
const october = () => (stats ??= run())

export const STATS_SAMPLES: Readonly<Record<string, () => Promise<string>>> = {
  'stats-table': async () => fence((await october()).table),
  // As GitHub renders it: the Markdown itself, between the markers.
  'stats-markdown-rendered': async () => `${(await october()).markdown.replace(/\n*$/, '\n')}`,
  'stats-markdown': async () => fence((await october()).markdown, 'markdown'),
  'stats-badge': async () => fence((await october()).badge),
}

/** The samples written as printed, not normalised: their dates are the seeded history's. */
export const STATS_AS_PRINTED: ReadonlySet<string> = new Set(Object.keys(STATS_SAMPLES))
