// The README's first screen and the docs/ pages it links to: every relative link leads to a file, the
// snippets name what exists, the command table is --help's, and sample outputs are made by runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse, parseAllDocuments } from 'yaml'
import { optionsEnv } from '../../lib/api/options.ts'
import { COMMANDS, mainHelp } from '../../lib/cli/main.ts'
import { loadConfig } from '../../lib/config/config.ts'
import { ConfigError } from '../../lib/core/errors.ts'
import { majorTag } from '../../scripts/release/version-places.ts'
import { ROOT } from '../helpers/helpers.ts'

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')
const pkg = JSON.parse(read('package.json')) as { version: string; repository: { url: string } }
// git+https://github.com/<owner>/<name>.git → <owner>/<name>
const REPOSITORY = pkg.repository.url.replace(/^git\+https:\/\/github\.com\/|\.git$/g, '')
const README = read('README.md')

const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)]

test('every relative link in the README and docs/ points at a file that exists', () => {
  const broken = pages.flatMap((page) =>
    [...readFileSync(join(ROOT, page), 'utf8').matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      // A destination may be written in angle brackets, `](<https://…>)` (CommonMark §6.3).
      .map((m) => m[1]!.replace(/^<(.*)>$/, '$1'))
      .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(join(ROOT, dirname(page), target)))
      .map((target) => `${page} → ${target}`),
  )
  assert.equal(broken, [])
})

test('the README links each reference page and keeps the checkout commands', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  for (const page of ['configuration', 'recovery', 'reliability', 'security', 'performance']) assert.ok(readme.includes(`(docs/${page}.md)`), page)
  assert.match(readme, /\nnpx deploy-failure-reporter report "Deploy job failed"/)
  assert.match(readme, /\nnpm ci --prefix /)
  assert.match(readme, /\nnpm test +#/)
  assert.match(readme, /npx zx scripts\/report\.mts "Deploy job failed" +# run the main job/)
})

// 40 lines: the issue, the try (with how to run it before the package is on npm), and the Actions jobs
// that file and close the issue, then GitLab, on one laptop screen.
test("the README's first 40 lines: the issue it files with What failed and What changed, then a try with no account, then GitHub Actions, then GitLab", () => {
  const screen = README.split('\n').slice(0, 40).join('\n')
  const at = (text: string) => {
    const i = screen.indexOf(text)
    assert.ok(i >= 0, `${text} in the first 40 lines`)
    return i
  }
  const issue = at('<!-- sample: demo-issue -->')
  assert.ok(at('[DEPLOY FAIL] ') > issue && at('What failed') > issue && at('<!-- /sample -->') > at('What failed'), 'the issue, made by a run, with What failed')
  // What changed (issue 29): after What failed, inside the sample, with the counts, the compare link and a pull request.
  assert.ok(at('**What changed:** ') > at('What failed') && at('<!-- /sample -->') > at('**What changed:** '), 'the issue, made by a run, with What changed')
  assert.match(screen, /\*\*What changed:\*\* \d+ pull requests? and \d+ commits? since the last good deploy \(`[0-9a-f]{7}`, [^)]*\): \[compare\]\([^)]+\) · .*\(\[#\d+\]/)
  // The package is not on npm before its first release: the try says how to run it until then.
  const order = [issue, at('`npx deploy-failure-reporter demo`'), at('`npm ci && npm run demo` in a checkout'), at(`uses: ${REPOSITORY}@`), at('component: gitlab.com/')]
  assert.equal([...order].sort((a, b) => a - b), order)
})

test('the snippets name the real repository and a tag that exists (@v0 while 0.x), and the component the release job publishes', () => {
  const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`), ...readdirSync(join(ROOT, 'examples')).map((f) => `examples/${f}`)]
  const uses = pages.flatMap((page) => [...read(page).matchAll(/uses: ([\w.-]+\/deploy-failure-reporter)@(\S+)/g)].map((m) => `${page}: ${m[1]}@${m[2]}`))
  assert.ok(uses.length >= 4, uses.join('\n'))
  assert.equal(uses.filter((u) => !u.endsWith(`: ${REPOSITORY}@${majorTag(pkg.version)}`)), [])
  const components = pages.flatMap((page) => [...read(page).matchAll(/component: (\S+?)(?=\s|}|$)/gm)].map((m) => `${page}: ${m[1]}`))
  assert.ok(components.length >= 2, components.join('\n'))
  assert.equal(components.filter((c) => !c.endsWith(`: gitlab.com/${REPOSITORY}/deploy-failure@${pkg.version}`)), [])
  // The mirror's release job publishes the catalog version X.Y.Z from the tag vX.Y.Z.
  const gitlab = read('.gitlab-ci.yml')
  assert.match(gitlab, 'echo "CATALOG_VERSION=${CI_COMMIT_TAG#v}"')
  assert.match(gitlab, 'tag_name: $CATALOG_VERSION')
})

test("the README's Actions jobs and the example workflow: a report job that checks out, a resolve job, each with the permissions it needs", () => {
  const block = [...README.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).find((yaml) => yaml.includes(`uses: ${REPOSITORY}@`))
  assert.ok(block, 'a yaml block with the Action')
  type Job = { if?: string; permissions?: Record<string, string>; steps?: { uses?: string; with?: Record<string, string> }[] }
  const [report, resolve] = Object.values(parse(block!) as Record<string, Job>)
  // deployments, contents and pull-requests: what changed since the last good deploy (changes: auto, docs/changes.md).
  assert.equal(report!.permissions, { issues: 'write', actions: 'read', contents: 'read', deployments: 'read', 'pull-requests': 'read' })
  // The commit message is read from git in the workspace: without a checkout it is `unknown`.
  assert.is(report!.steps![0]!.uses, 'actions/checkout@v4')
  assert.equal([report!.if, resolve?.if], ['failure()', 'success()'])
  assert.equal(resolve!.permissions, { issues: 'write' })
  assert.is(resolve!.steps!.at(-1)!.with?.mode, 'resolve')
  // The example has the same shape, with its inputs; the workflow's token reads contents only elsewhere.
  const example = parse(read('examples/github-actions.yml')) as { permissions: Record<string, string>; jobs: Record<string, Job> }
  assert.equal(example.permissions, { contents: 'read' })
  assert.equal(example.jobs['report-failure']!.permissions, report!.permissions)
  assert.is(example.jobs['report-failure']!.steps![0]!.uses, 'actions/checkout@v4')
  assert.equal(example.jobs['resolve-failure']!.permissions, resolve!.permissions)
  assert.is(example.jobs['resolve-failure']!.steps!.at(-1)!.with?.mode, 'resolve')
  assert.match(read('examples/github-actions.yml'), /# outcome is created, duplicate, commented, reopened, held or failed/)
})

test("the README's command table is deploy-failure-reporter --help's: every command, with its synopsis", () => {
  const table = README.slice(README.indexOf('| Command | What it does |'))
  const rows = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!)
  const synopses = Object.values(COMMANDS).map((c) => c.synopsis)
  assert.equal(rows, synopses)
  const help = mainHelp()
  for (const synopsis of synopses) assert.match(help, `\n  ${synopsis}`)
})

test('every sample marker names a sample npm run docs:examples makes; the doctor, demo and recovery samples are among them', async () => {
  const { sampleNames } = await import('../../scripts/docs-examples/markers.ts')
  const { SAMPLES } = await import('../../scripts/docs-examples/samples.ts')
  const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)]
  const marked = pages.flatMap((page) => sampleNames(read(page)).map((name) => `${page}: ${name}`))
  assert.equal(marked.filter((m) => !Object.hasOwn(SAMPLES, m.split(': ')[1]!)), [])
  for (const want of ['README.md: demo-issue', 'README.md: demo', 'docs/commands.md: doctor-ping', 'docs/commands.md: doctor-missing-label', 'docs/recovery.md: recovery-loop', 'docs/changes.md: what-changed-issue']) assert.ok(marked.includes(want), want)
})

test("docs/ci.md's lists of inputs name every input of action.yml and of the component, and none that does not exist", () => {
  const ci = read('docs/ci.md')
  const action = Object.keys((parse(read('action.yml')) as { inputs: Record<string, unknown> }).inputs)
  const component = Object.keys((parseAllDocuments(read('templates/deploy-failure.yml'))[0]!.toJS() as { spec: { inputs: Record<string, unknown> } }).spec.inputs)
  // The names in backticks of the paragraph that starts with `lead`, and of the table that follows it (its first column).
  const named = (lead: string, table?: string) => {
    const at = ci.indexOf(lead)
    assert.ok(at >= 0, lead)
    const paragraph = ci.slice(at, ci.indexOf('\n\n', at))
    const rows = table ? ci.slice(ci.indexOf(table), ci.indexOf('\n\n', ci.indexOf(table))) : ''
    return new Set([...paragraph.matchAll(/`([a-z][a-z-]*)`/g), ...rows.matchAll(/^\| `([a-z][a-z-]*)` \|/gm)].map((m) => m[1]!).filter((name) => name !== 'auto'))
  }
  const github = named('Beyond `token`')
  const gitlab = named('Every other setting a team would put in its pipeline', '| `environment` | `production` | in the title and the duplicate check, and which')
  assert.equal(component.filter((name) => !gitlab.has(name)), [], 'in templates/deploy-failure.yml, not listed')
  assert.equal([...github].filter((name) => !action.includes(name)), [], 'named as Action inputs, not in action.yml')
  assert.equal(action.filter((name) => !github.has(name)), [], 'in action.yml, not listed')
  assert.equal([...gitlab].filter((name) => !component.includes(name)), [], 'named as component inputs, not in templates/deploy-failure.yml')
})

test('.env.example names every variable loadConfig reads and every variable docs/configuration.md documents', () => {
  const example = read('.env.example')
  // loadConfig's reads, recorded for a plain run, a GitHub Actions run and GitLab CI runs with every reader on.
  const seen = new Set<string>()
  const record = (env: Record<string, string>) => new Proxy(env, {
    get: (target, key) => (typeof key === 'string' && seen.add(key), Reflect.get(target, key)),
    has: (target, key) => (typeof key === 'string' && seen.add(key), Reflect.has(target, key)),
  })
  const on = { ISSUE_TOKEN: 't', REPORT_CI_LOG: 'auto', REPORT_CHANGES: 'auto' }
  const gitlab = { ...on, GITLAB_CI: 'true', CI_PROJECT_PATH: 'acme/shop', CI_PROJECT_ID: '1', CI_PIPELINE_ID: '1', CI_JOB_ID: '1', CI_API_V4_URL: 'https://gitlab.example/api/v4' }
  const runs: Record<string, string>[] = [{ ISSUE_TOKEN: 't', ISSUE_REPO: 'acme/shop' }, { ...on, ISSUE_REPO: 'acme/shop', GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'acme/shop', GITHUB_RUN_ID: '1' }, { ...gitlab, ISSUE_TRACKER: 'gitlab' }, { ...gitlab, ISSUE_REPO: 'acme/shop', CI_LOG_TOKEN: 'x' }]
  for (const env of runs) {
    try {
      loadConfig(record(env))
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
    }
  }
  assert.ok(seen.size > 40, `only ${[...seen].join(', ')}: the recording stopped working`)
  const table = read('docs/configuration.md').split('## Exit codes')[0]!
  const documented = table.split('\n').filter((line) => line.startsWith('| `')).flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!))
  // Lower-case proxy variables are the upper-case ones' other spelling, as .env.example says.
  const variables = [...new Set([...seen, ...documented])].filter((name) => /^[A-Z][A-Z0-9_]+$/.test(name))
  assert.equal(variables.filter((name) => !new RegExp(`(^|[\\s#])${name}=`, 'm').test(example)), [])
})

test("the plugin API's options: docs/configuration.md's table maps each to its variable, and the README names each", () => {
  // The options optionsEnv reads, recorded: every option that stands for a variable.
  const asked: string[] = []
  optionsEnv(new Proxy({ env: {} }, { get: (target, key) => (typeof key === 'string' && asked.push(key), Reflect.get(target, key)) }))
  const options = asked.filter((key) => key !== 'env')
  assert.ok(options.length >= 10, options.join())
  const doc = read('docs/configuration.md')
  const rows = new Map([...doc.slice(doc.indexOf('## In the plugin API')).matchAll(/^\| `(\w+)` \| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => [m[1]!, m[2]!]))
  for (const option of options) assert.equal(optionsEnv({ env: {}, [option]: 'x' }), { [rows.get(option) ?? `no row for ${option}`]: 'x' }, option)
  const readme = README.slice(README.indexOf('Options override the environment variables'))
  const sentence = readme.slice(0, readme.indexOf('\n\n'))
  assert.equal(options.filter((option) => !sentence.includes(`\`${option}\``)), [], 'options the README does not name')
})

test('docs/performance.md is a page a user reads in two minutes (at most 600 words); the history is the maintainers\'', () => {
  const words = read('docs/performance.md').split(/\s+/).filter(Boolean).length
  assert.ok(words <= 600, `${words} words`)
  assert.match(read('docs/performance.md'), '](../maintainers/performance.md)')
})

// Every code block that shows what a command prints ([INFO]/[WARN]/[ERROR] lines, doctor's checks,
// workflow commands, an issue body, a chat notice or the body posted for it, `--json`, stats' report) is made by `npm run docs:examples`: a typed
// one fails here, on every page.
const OUTPUT = /^(\S+ +> )?(\[(INFO|WARN|ERROR)\]|[✓✗] |::(error|warning)|## Deploy Failure Report$|\*\[DEPLOY (FAILURE|RECOVERED)\]\*|\$ (npx )?deploy-failure-reporter |--- GITHUB_OUTPUT$|<!-- deploy-failure-reporter:|\{"outcome":|(### )?Deploy failures \d{4}-|\{"schemaVersion":|.*"\*{0,2}\[DEPLOY (FAILURE|RECOVERED|FAILED AGAIN)\])/m

test('every code block of command output in the README and docs/ sits between sample markers', () => {
  const typed = pages.flatMap((page) => {
    const outside = read(page).replace(/^<!-- sample: [\w-]+ -->\n[\s\S]*?^<!-- \/sample -->$/gm, '')
    return [...outside.matchAll(/^(`{3,})[^\n]*\n([\s\S]*?)^\1$/gm)].filter((m) => OUTPUT.test(m[2]!)).map((m) => `${page}: ${m[2]!.split('\n')[0]}`)
  })
  assert.equal(typed, [])
  // The detector itself: each kind of output it must catch, and a snippet it must not.
  for (const output of ['[INFO] Created issue #1', '✓ token accepted', '::error::x', '## Deploy Failure Report', '*[DEPLOY FAILURE]* production', '$ deploy-failure-reporter doctor', '{"outcome":"created"}', 'deploy > [WARN] x', '{"text":"*[DEPLOY FAILURE]* staging"}', '  "text": "[DEPLOY RECOVERED] staging",', 'Deploy failures 2026-10-01 00:00 to', '{"schemaVersion":1,"label":"production"}']) assert.ok(OUTPUT.test(output), output)
  assert.not.ok(OUTPUT.test('deploy:\n  script:\n    - ./deploy.sh'))
})

test("docs/changes.md's issue is made by a run and shows What failed and What changed; its chat notice and JSON too", () => {
  const made = new Map([...read('docs/changes.md').matchAll(/^<!-- sample: ([\w-]+) -->\n([\s\S]*?)^<!-- \/sample -->$/gm)].map((m) => [m[1]!, m[2]!]))
  const issue = made.get('what-changed-issue') ?? ''
  assert.ok(issue.indexOf('\n### What failed\n') > 0 && issue.indexOf('\n### What changed\n') > issue.indexOf('\n### What failed\n'), issue)
  assert.match(issue, /\n\*\*\d+ pull requests? and \d+ commits?\*\* since the last good deploy \(`[0-9a-f]{7}`, \d+ h ago\)/)
  assert.match(made.get('what-changed-chat') ?? '', /\nChanged: \d+ PRs?, \d+ commits? since [0-9a-f]{7}/)
  assert.match(made.get('what-changed-json') ?? '', /"status": "ahead"/)
})

test.run()
