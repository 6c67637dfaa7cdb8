import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, parseAllDocuments } from 'yaml'
import { actionRun, ENVIRONMENT_ONLY, input, VARIABLES } from '../../../lib/action/inputs.ts'
import { ConfigError } from '../../../lib/core/errors.ts'
import { ROOT } from '../../helpers/helpers.ts'

const actionInputs = (parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { description?: string; default?: string }> }).inputs
// The action's own inputs, which stand for no variable of the tools.
const OWN = ['mode', 'reason', 'dry-run', 'gitlab-url']

test('input: INPUT_<NAME> upper-cased, hyphens kept, spaces as _, trimmed; empty when unset', () => {
  const env = { 'INPUT_CHAT-WEBHOOK': ' https://hooks.example/x \n', INPUT_SOME_NAME: 'v' }
  assert.is(input(env, 'chat-webhook'), 'https://hooks.example/x')
  assert.is(input(env, 'some name'), 'v')
  assert.is(input(env, 'api-url'), '')
})

test('actionRun: report by default, the reason as one argument after --, inputs as the tools\' variables', () => {
  const run = actionRun({
    INPUT_REASON: 'Smoke test failed',
    INPUT_TOKEN: 'tok-123456',
    INPUT_REPO: 'acme/shop',
    'INPUT_API-URL': 'https://ghe.example/api/v3',
    INPUT_ENVIRONMENT: 'staging',
    'INPUT_CHAT-WEBHOOK': 'https://hooks.example/secret',
    'INPUT_ON-DUPLICATE': 'comment',
    'INPUT_DRY-RUN': 'false',
  })
  assert.is(run.command, 'report')
  assert.is(run.reason, 'Smoke test failed')
  assert.is(run.dryRun, false)
  assert.equal(run.env, {
    ISSUE_TOKEN: 'tok-123456',
    ISSUE_REPO: 'acme/shop',
    ISSUE_API_URL: 'https://ghe.example/api/v3',
    DEPLOY_ENV: 'staging',
    CHAT_WEBHOOK: 'https://hooks.example/secret',
    ON_DUPLICATE: 'comment',
  })
  assert.equal(run.secrets, ['tok-123456', 'https://hooks.example/secret'])
})

test('actionRun: empty inputs set nothing, so the tools\' own defaults and the step\'s env apply', () => {
  const run = actionRun({ INPUT_MODE: '', 'INPUT_ON-DUPLICATE': '', INPUT_REASON: '' })
  assert.equal(run, { command: 'report', dryRun: false, reason: '', env: {}, secrets: [] })
})

test('actionRun: resolve takes no reason; dry-run true (any case) makes a dry run', () => {
  assert.equal(actionRun({ INPUT_MODE: 'resolve', INPUT_REASON: 'ignored', 'INPUT_DRY-RUN': 'TRUE' }), { command: 'resolve', dryRun: true, reason: '', env: {}, secrets: [] })
  assert.equal(actionRun({ INPUT_MODE: 'report', INPUT_REASON: '--json', 'INPUT_DRY-RUN': 'true' }), { command: 'report', dryRun: true, reason: '--json', env: {}, secrets: [] })
})

test('actionRun: every bad input in one ConfigError', () => {
  try {
    actionRun({ INPUT_MODE: 'close', 'INPUT_DRY-RUN': 'yes' })
    assert.unreachable('should throw')
  } catch (error) {
    assert.instance(error, ConfigError)
    assert.equal((error as ConfigError).problems, [
      'The input mode must be report or resolve, got "close"',
      'The input dry-run must be true or false, got "yes"',
    ])
  }
})

test('actionRun: a GitHub App in env: beside the token input (set by default) names the input and the way out', () => {
  for (const name of ['ISSUE_APP_ID', 'ISSUE_APP_PRIVATE_KEY']) {
    try {
      actionRun({ INPUT_TOKEN: 'ghs_workflow', [name]: '12345' })
      assert.unreachable('should throw')
    } catch (error) {
      assert.equal((error as ConfigError).problems, [`The input token (by default the workflow's github.token) and ${name} in env: are both set: mint the App's token with actions/create-github-app-token and pass it as token`])
    }
  }
  // With the token input emptied, the App in env: is the tools' to use.
  assert.equal(actionRun({ INPUT_TOKEN: '', ISSUE_APP_ID: '12345' }).env, {})
})

test('actionRun: the shaping inputs set their variables, secrets among them are masked', () => {
  const run = actionRun({
    INPUT_LABELS: 'sev2,web',
    INPUT_ASSIGNEES: 'octocat',
    INPUT_GROUP: 'environment',
    'INPUT_REOPEN-WINDOW': '24',
    INPUT_LOG: 'deploy.log',
    INPUT_TEMPLATE: '.github/deploy-failure.md',
    INPUT_MILESTONE: 'Q4',
    INPUT_PROJECT: 'https://github.com/orgs/acme/projects/7',
    'INPUT_CHAT-FORMAT': 'discord',
    'INPUT_SLACK-BOT-TOKEN': 'xoxb-secret-1',
    'INPUT_SLACK-CHANNEL': 'C0123',
    'INPUT_PAGERDUTY-ROUTING-KEY': 'R0UT1NGKEY0123456789abcdefABCDEF',
  })
  assert.equal(run.env, {
    REPORT_LABELS: 'sev2,web',
    REPORT_ASSIGNEES: 'octocat',
    REPORT_GROUP: 'environment',
    REPORT_REOPEN_WINDOW: '24',
    REPORT_LOG_FILE: 'deploy.log',
    REPORT_TEMPLATE: '.github/deploy-failure.md',
    REPORT_MILESTONE: 'Q4',
    REPORT_PROJECT: 'https://github.com/orgs/acme/projects/7',
    CHAT_FORMAT: 'discord',
    SLACK_BOT_TOKEN: 'xoxb-secret-1',
    SLACK_CHANNEL: 'C0123',
    PAGERDUTY_ROUTING_KEY: 'R0UT1NGKEY0123456789abcdefABCDEF',
  })
  assert.equal(run.secrets, ['xoxb-secret-1', 'R0UT1NGKEY0123456789abcdefABCDEF'])
})

test('actionRun: tracker gitlab takes its address from gitlab-url, never the GitHub api-url default', () => {
  const base = { INPUT_TRACKER: 'gitlab', 'INPUT_API-URL': 'https://api.github.com' }
  assert.equal(actionRun(base).env, { ISSUE_TRACKER: 'gitlab' })
  assert.equal(actionRun({ ...base, 'INPUT_GITLAB-URL': 'https://gitlab.example/api/v4' }).env, { ISSUE_TRACKER: 'gitlab', ISSUE_API_URL: 'https://gitlab.example/api/v4' })
  assert.equal(actionRun({ 'INPUT_API-URL': 'https://ghe.example/api/v3', 'INPUT_GITLAB-URL': 'https://gitlab.example/api/v4' }).env, { ISSUE_API_URL: 'https://ghe.example/api/v3' })
})

test('action.yml: every input is one the action reads, with a description; every mapped input is declared', () => {
  for (const [name, spec] of Object.entries(actionInputs)) {
    assert.ok(name in VARIABLES || OWN.includes(name), `action.yml declares ${name}, which actionRun never reads`)
    assert.ok(spec.description && spec.description.length > 10, `${name} has no description`)
  }
  for (const name of Object.keys(VARIABLES)) assert.ok(name in actionInputs, `actionRun reads ${name}, which action.yml does not declare`)
})

test('every variable docs/configuration.md documents has an input, or is environment-only with a reason', () => {
  const doc = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8')
  const table = doc.slice(0, doc.indexOf('## Exit codes'))
  const documented = new Set(table.split('\n').filter((line) => line.startsWith('| `')).flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!)))
  assert.ok(documented.size > 30, `only ${documented.size} variables found: the table's format changed`)
  const mapped = new Set<string>([...Object.values(VARIABLES), 'ISSUE_API_URL'])
  const missing = [...documented].filter((name) => !mapped.has(name) && !ENVIRONMENT_ONLY[name])
  assert.equal(missing, [], 'documented variables with neither an action input nor a reason in ENVIRONMENT_ONLY')
  for (const name of Object.keys(ENVIRONMENT_ONLY)) assert.ok(documented.has(name), `ENVIRONMENT_ONLY names ${name}, which docs/configuration.md does not document`)
  for (const name of Object.values(VARIABLES)) assert.ok(documented.has(name), `the input for ${name} stands for a variable docs/configuration.md does not document`)
})

test('the GitLab component has the matching spec:inputs, each with a description, passed on as the same variable', () => {
  const text = readFileSync(join(ROOT, 'templates/deploy-failure.yml'), 'utf8')
  const [spec] = parseAllDocuments(text).map((d) => d.toJS()) as [{ spec: { inputs: Record<string, { description?: string }> } }]
  // GitHub-only inputs, and secrets, which are masked CI/CD variables rather than inputs in GitLab.
  const notThere = ['mode', 'dry-run', 'token', 'repo', 'api-url', 'chat-webhook', 'slack-bot-token', 'pagerduty-routing-key']
  for (const name of Object.keys(actionInputs).filter((n) => !notThere.includes(n))) {
    assert.ok(spec.spec.inputs[name]?.description, `templates/deploy-failure.yml has no described input ${name}`)
    const variable = name === 'gitlab-url' ? 'ISSUE_API_URL' : name === 'environment' ? 'DEPLOY_ENV' : name === 'reason' ? 'DEPLOY_FAILURE_REASON' : VARIABLES[name as keyof typeof VARIABLES]
    assert.ok(text.includes(`${variable}: $[[ inputs.${name} ]]`), `the component does not pass ${name} on as ${variable}`)
  }
})

test.run()
