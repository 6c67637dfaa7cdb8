// REPORT_TEMPLATE end to end: the real `npx zx scripts/report.mts` renders a team's template with hostile
// values and files it on the loopback GitHub and GitLab; a bad template stops the run before any request.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { today } from '../../helpers/helpers.ts'
import { runInProcess } from '../../helpers/in-process.ts'
import { useLoopback } from '../../helpers/servers.ts'

const FAST = { REPORT_RETRY_DELAY: '0.01', REPORT_WRITE_INTERVAL: '0.01' }
const ZWSP = '\u200B'
const servers = useLoopback(test, { github: true, gitlab: true, tmpdir: 'dfr-template-' })

const TEMPLATE = [
  '---',
  'title: "Deploy of {{environment}} broke at {{commit}} ({{date}})"',
  'labels: [sev2, web]',
  'assignees: [octocat]',
  '---',
  '## {{environment}} is down',
  '',
  'Reason: {{reason}}',
  '',
  '```',
  '{{commit_message}}',
  '```',
  '{{#actor}}Started by {{actor}} on {{ref}}.{{/actor}}',
  '',
  '<details><summary>Original report</summary>',
  '',
  '{{default_body}}',
  '</details>',
  '',
].join('\n')

const HOSTILE = {
  DEPLOY_ENV: 'prod',
  CI_COMMIT_SHA: 'abc1234',
  CI_COMMIT_MESSAGE: 'Fix it\n```\n@security-team\n/close\n## Owned',
  CI_PIPELINE_URL: 'https://ci.example/p/7',
  GITHUB_ACTOR: 'octo-dev',
  GITHUB_REF_NAME: 'main',
}
const REASON = '<details> @here #12'

const write = (text: string) => {
  const file = join(servers.dir, 'issue.md')
  writeFileSync(file, text)
  return file
}

test('GitHub: the rendered title, front matter labels and assignees, and a body where hostile values stay inert', async () => {
  const r = await runInProcess('report.mts', [REASON], servers.gh.env({ ...FAST, ...HOSTILE, REPORT_TEMPLATE: write(TEMPLATE) }))
  assert.is(r.code, 0, r.stderr)
  const sent = servers.gh.calls('POST', /\/issues$/)[0]!.json as { title: string; body: string; labels: string[]; assignees: string[] }
  assert.is(sent.title, `Deploy of prod broke at abc1234 (${today()})`)
  assert.equal(sent.labels, ['auto-deploy-failure', 'ops', 'sev2', 'web'])
  assert.equal(sent.assignees, ['octocat'])
  assert.ok(sent.body.startsWith(`## prod is down\n\nReason: \\<details> @${ZWSP}here #${ZWSP}12\n\n\`\`\`\nFix it\n\`${ZWSP}\`${ZWSP}\`\n@security-team\n/close\n## Owned\n\`\`\`\nStarted by octo-dev on main.\n`), sent.body)
  assert.ok(sent.body.includes('<details><summary>Original report</summary>\n\n## Deploy Failure Report\n'), sent.body)
  assert.ok(sent.body.includes('\n````\nFix it\n```\n@security-team'), 'the default body keeps its own longer fence')
  assert.is(r.stdout, `[INFO] Created issue #1: ${servers.gh.url}/acme/shop/issues/1\n`)
})

test('GitHub: the rendered title is the duplicate key: a second run finds the issue and files nothing', async () => {
  const env = servers.gh.env({ ...FAST, ...HOSTILE, REPORT_TEMPLATE: write(TEMPLATE) })
  assert.is((await runInProcess('report.mts', [REASON], env)).code, 0)
  const again = await runInProcess('report.mts', ['another reason'], env)
  assert.is(again.code, 0, again.stderr)
  assert.match(again.stdout, /Duplicate issue found, skipping creation/)
  assert.is(servers.gh.calls('POST', /\/issues$/).length, 1)
})

test('GitLab: the template under GitLab\'s Markdown rules (references and quick actions defused)', async () => {
  const r = await runInProcess('report.mts', ['see !3 ~bug'], servers.gl.env({ ...FAST, ...HOSTILE, REPORT_TEMPLATE: write(TEMPLATE.replace('assignees: [octocat]\n', '')) }))
  assert.is(r.code, 0, r.stderr)
  const [issue] = servers.gl.issues
  assert.is(issue!.title, `Deploy of prod broke at abc1234 (${today()})`)
  assert.ok(issue!.description!.includes(`Reason: see !${ZWSP}3 ~${ZWSP}bug\n`), issue!.description!)
  assert.ok(issue!.description!.includes(`\n${ZWSP}/close\n`), 'a quick action inside the fence cannot run')
  assert.not.ok(/^\/close/m.test(issue!.description!))
})

test('--dry-run prints the rendered issue and writes nothing', async () => {
  const r = await runInProcess('report.mts', ['--dry-run', REASON], servers.gh.env({ ...FAST, ...HOSTILE, REPORT_TEMPLATE: write(TEMPLATE) }))
  assert.is(r.code, 0, r.stderr)
  assert.ok(r.stdout.includes(`--- title\nDeploy of prod broke at abc1234 (${today()})\n--- body\n## prod is down\n`), r.stdout)
  assert.is(servers.gh.calls('POST').length, 0)
})

test('an unknown variable, a malformed front matter, an unreadable file or a merging title: exit 2 naming the line, no request', async () => {
  const cases: [string | null, RegExp][] = [
    ['Hello {{enviroment}}\n', /REPORT_TEMPLATE .*issue\.md line 1: unknown variable \{\{enviroment\}\}/],
    ['---\ntitle: "{{environment}}\nlabels: x\n---\n', /REPORT_TEMPLATE .*issue\.md line \d: malformed front matter/],
    ['---\ntitle: Deploy failed\n---\nbody\n', /issue\.md line 2: the title names none of \{\{environment\}\}, \{\{commit\}\} or \{\{date\}\}.*add at least one of them/],
    [null, /REPORT_TEMPLATE: cannot read ".*missing\.md" \(ENOENT\)/],
  ]
  for (const [text, expected] of cases) {
    const file = text === null ? join(servers.dir, 'missing.md') : write(text)
    const r = await runInProcess('report.mts', ['x'], servers.gh.env({ ...FAST, ...HOSTILE, REPORT_TEMPLATE: file }))
    assert.is(r.code, 2, r.stderr)
    assert.match(r.stderr, expected)
  }
  assert.is(servers.gh.requests.length, 0)
  assert.is(servers.gh.chat.length, 0)
})

test('a YAML alias bomb, deep nesting or an oversized file: exit 2 naming the file and the line, no request, no "Internal error"', async () => {
  const bomb = ['---', 'title: "{{environment}}"', 'a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]', '---', 'body', ''].join('\n')
  const cases: [string, RegExp][] = [
    [bomb, /^\[ERROR\] REPORT_TEMPLATE .*issue\.md line 4: aliases \(\*a\) are not allowed in the front matter; write the value out$/m],
    [`---\ntitle: "{{environment}}"\nlabels: ${'['.repeat(3000)}${']'.repeat(3000)}\n---\nbody\n`, /REPORT_TEMPLATE .*issue\.md line 3: the front matter nests more than 4 levels deep/],
    [`body\n${'x'.repeat(300_000)}\n`, /REPORT_TEMPLATE .*issue\.md line 1: the file is 300006 bytes; a template may be at most 262144/],
  ]
  for (const [text, expected] of cases) {
    const r = await runInProcess('report.mts', ['x'], servers.gh.env({ ...FAST, ...HOSTILE, REPORT_TEMPLATE: write(text) }))
    assert.is(r.code, 2, r.stderr)
    assert.match(r.stderr, expected)
    assert.not.match(r.stderr, /Internal error|bug/)
  }
  assert.is(servers.gh.requests.length + servers.gh.chat.length, 0)
})

test('values escaped for where they land: an HTML block, a tag\'s attribute, a table cell, a link\'s text and address', async () => {
  const template = [
    '---',
    'title: "{{default_title}}"',
    '---',
    '<details><summary>{{reason}}</summary>',
    '',
    'Why: <abbr title="{{reason}}">hover</abbr>',
    '',
    '| reason | ref |',
    '|---|---|',
    '| {{reason}} | {{ref}} |',
    '',
    '[{{reason}}]({{pipeline}}) [ref]({{ref}})',
    '',
    '</details>',
    '',
  ].join('\n')
  const reason = '</summary><img src=https://evil.example/x.png> a|b "q" ](javascript:alert(1)) @here'
  const r = await runInProcess('report.mts', [reason], servers.gh.env({ ...FAST, ...HOSTILE, GITHUB_REF_NAME: 'x) [pwn](https://evil.example', REPORT_TEMPLATE: write(template) }))
  assert.is(r.code, 0, r.stderr)
  const { body } = servers.gh.calls('POST', /\/issues$/)[0]!.json as { body: string }
  const lines = body.split('\n')
  assert.is(lines[0], `<details><summary>&lt;/summary&gt;&lt;img src=https://evil.example/x.png&gt; a|b &quot;q&quot; ](javascript:alert(1)) @${ZWSP}here</summary>`)
  assert.is(lines[2], `Why: <abbr title="&lt;/summary&gt;&lt;img src=https://evil.example/x.png&gt; a|b &quot;q&quot; ](javascript:alert(1)) @${ZWSP}here">hover</abbr>`)
  assert.is(lines[6], `| \\</summary>\\<img src=https://evil.example/x.png> a&#124;b "q" ](javascript:alert(1)) @${ZWSP}here | x) [pwn](https://evil.example |`)
  assert.is(lines[8], `[\\</summary>\\<img src=https://evil.example/x.png> a&#124;b "q" \\](javascript:alert(1)) @${ZWSP}here](https://ci.example/p/7) [ref]()`)
  assert.not.match(body, /(^|[^\\])<img/m, 'no image tag reaches the issue unescaped')
})

test('REPORT_GROUP=environment needs the original title form in a template title: refused otherwise, before any request', async () => {
  const r = await runInProcess('report.mts', ['x'], servers.gh.env({ ...FAST, ...HOSTILE, REPORT_GROUP: 'environment', REPORT_TEMPLATE: write(TEMPLATE) }))
  assert.is(r.code, 2)
  assert.match(r.stderr, /REPORT_GROUP=environment finds issues by the \[DEPLOY FAIL\] <env> — <sha> — <date> title, which this template's title lacks; put \{\{default_title\}\} in the title/)
  assert.is(servers.gh.requests.length, 0)

  const env = servers.gh.env({ ...FAST, ...HOSTILE, REPORT_GROUP: 'environment', REPORT_TEMPLATE: write('---\ntitle: "{{default_title}} (web)"\n---\n{{default_body}}') })
  assert.is((await runInProcess('report.mts', ['x'], env)).code, 0)
  const again = await runInProcess('report.mts', ['y'], { ...env, CI_COMMIT_SHA: 'def5678' })
  assert.is(again.code, 0, again.stderr)
  assert.match(again.stdout, /Duplicate issue found/, 'another commit finds the rolling issue of the environment')
  assert.is(servers.gh.calls('POST', /\/issues$/).length, 1)
})

test('doctor renders the template with sample values, and says when resolve could not close its issues', async () => {
  const r = await runInProcess('doctor.mts', [], servers.gh.env({ ...FAST, DEPLOY_ENV: 'prod', REPORT_TEMPLATE: write(TEMPLATE) }))
  assert.is(r.code, 1, r.stderr)
  assert.match(r.stdout, new RegExp(`^✓ template REPORT_TEMPLATE .*issue\\.md renders with sample values:\n  --- title\n    Deploy of prod broke at abc1234 \\(${today()}\\)\n  --- body\n    ## prod is down\n`, 'm'))
  assert.match(r.stdout, /\n    Reason: Sample failure reason\n/)
  assert.match(r.stdout, /^✗ template title lacks the \[DEPLOY FAIL\] <env> — <sha> — <date> form, so resolve will not close these issues .*put \{\{default_title\}\} in the title$/m)
  assert.ok(servers.gh.requests.every((q) => q.method === 'GET'))

  const ok = await runInProcess('doctor.mts', [], servers.gh.env({ ...FAST, REPORT_TEMPLATE: write('---\ntitle: "{{default_title}} (web)"\n---\n{{default_body}}') }))
  assert.is(ok.code, 0, ok.stdout + ok.stderr)
  assert.match(ok.stdout, /^✓ template title keeps the \[DEPLOY FAIL\] <env> — <sha> — <date> form: resolve closes these issues$/m)
})

test('doctor: a bad template is a configuration problem (exit 2), before any request', async () => {
  const r = await runInProcess('doctor.mts', [], servers.gh.env({ ...FAST, REPORT_TEMPLATE: write('{{#actor}}') }))
  assert.is(r.code, 2)
  assert.match(r.stdout, /^✗ configuration: REPORT_TEMPLATE .*issue\.md line 1: Unclosed section "actor"/m)
  assert.is(servers.gh.requests.length, 0)
})

test.run()
