// The repository's own workflows, action.yml and the example workflow, read by GitHub's own parser
// (@actions/workflow-parser), and the least-privilege rules they keep: read-only token by default,
// third-party actions pinned by commit SHA, no secret in a pull request's run, provenance on publish.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse, parseAllDocuments } from 'yaml'
import { ROOT } from '../helpers/helpers.ts'
import { actionErrors, workflowErrors } from '../helpers/workflow-parser.ts'

const WORKFLOWS = readdirSync(join(ROOT, '.github/workflows')).filter((f) => /\.ya?ml$/.test(f)).map((f) => `.github/workflows/${f}`)
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8')

interface Step {
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}
interface Workflow {
  on: Record<string, unknown>
  permissions: unknown
  jobs: Record<string, { permissions?: Record<string, string>; steps?: Step[]; uses?: string; needs?: string | string[]; strategy?: { matrix: Record<string, unknown> } }>
}
const workflow = (file: string) => parse(text(file)) as Workflow

test('GitHub\'s parser accepts action.yml, every workflow and examples/github-actions.yml', async () => {
  assert.ok(WORKFLOWS.includes('.github/workflows/ci.yml') && WORKFLOWS.includes('.github/workflows/release.yml'), WORKFLOWS.join())
  assert.equal(actionErrors('action.yml'), [])
  for (const file of [...WORKFLOWS, 'examples/github-actions.yml']) assert.equal(await workflowErrors(file), [], file)
})

test('the parser check can fail: a misplaced key, an unknown job in needs, an action on a runtime that does not exist', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'workflow-parser-'))
  try {
    const steps = '    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n'
    writeFileSync(join(dir, 'key.yml'), `on: push\njobs:\n  a:\n${steps}        uses: ./\n`)
    writeFileSync(join(dir, 'needs.yml'), `on: push\njobs:\n  a:\n${steps}  c:\n    needs: b\n${steps}`)
    writeFileSync(join(dir, 'action.yml'), text('action.yml').replace('using: node24', 'using: node99'))
    assert.match((await workflowErrors(join(dir, 'key.yml'))).join('\n'), /Unexpected value 'uses'/)
    assert.match((await workflowErrors(join(dir, 'needs.yml'))).join('\n'), /'b'/)
    assert.match(actionErrors(join(dir, 'action.yml')).join('\n'), /node99/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('least privilege: every workflow\'s token reads contents only, unless a job says what more it needs', () => {
  for (const file of WORKFLOWS) {
    const w = workflow(file)
    assert.equal(w.permissions, { contents: 'read' }, file)
    for (const [name, job] of Object.entries(w.jobs)) {
      if (job.permissions && file !== '.github/workflows/release.yml') assert.unreachable(`${file}: job ${name} widens the token`)
    }
  }
  assert.equal(workflow('.github/workflows/release.yml').jobs.publish!.permissions, { contents: 'write', 'id-token': 'write' })
})

test('every third-party action is pinned by a full commit SHA, with its version in a comment', () => {
  const uses = WORKFLOWS.flatMap((file) => [...text(file).matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)].map((m) => ({ file, ref: m[1]!, rest: m[2]! })))
  const remote = uses.filter((u) => !u.ref.startsWith('./'))
  assert.ok(remote.length >= 6, 'checkout and setup-node in each job')
  for (const u of remote) {
    assert.match(u.ref, /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/, `${u.file}: ${u.ref}`)
    assert.match(u.rest, /^ # v\d+\.\d+\.\d+$/, `${u.file}: ${u.ref} names no version`)
  }
  // One version of each action throughout, so Dependabot moves them together.
  const pins = new Map<string, Set<string>>()
  for (const u of remote) pins.set(u.ref.split('@')[0]!, (pins.get(u.ref.split('@')[0]!) ?? new Set()).add(u.ref + u.rest))
  for (const [action, seen] of pins) assert.is(seen.size, 1, `${action}: ${[...seen].join(', ')}`)
})

test('ci.yml: npm test on a bare machine on Node 20 and 24 for pushes and pull requests, the bundle check, the Action from the checkout in both modes, no secrets', () => {
  const ci = workflow('.github/workflows/ci.yml')
  assert.ok('push' in ci.on && 'pull_request' in ci.on && 'workflow_call' in ci.on)
  assert.equal(ci.jobs.test!.strategy!.matrix.node, [20, 24])
  // The README's test command, as on a bare machine (no rsync, an empty read-only HOME), as .ci/run runs it.
  assert.ok(ci.jobs.test!.steps!.some((s) => s.run === 'bash .ci/bare-test.sh'), 'the README\'s test command on a bare machine')
  assert.match(text('.ci/bare-test.sh'), /HOME="\$bare_home" PATH="\$bare_path" .* npm test/)
  assert.match(text('.ci/run'), /^bash \.ci\/bare-test\.sh$/m)
  const bundle = ci.jobs.bundle!.steps!.map((s) => s.run ?? '').join('\n')
  assert.match(bundle, /npm run build:action[\s\S]*git diff --exit-code --stat -- dist\/action\.js/)
  assert.match(bundle, /npm run release:check/)
  const own = ci.jobs.action!.steps!.filter((s) => s.uses === './')
  assert.equal(own.map((s) => s.with?.mode ?? 'report'), ['report', 'report', 'resolve'])
  for (const step of own) assert.match(String(step.with?.['api-url']), /FAKE_GITHUB_URL/, 'the Action talks to the loopback GitHub only')
  // A pull request's run gets no secrets (forks get none anyway); this workflow asks for none at all.
  assert.not.match(text('.github/workflows/ci.yml'), /secrets\./)
  for (const job of Object.values(ci.jobs)) for (const step of job.steps ?? []) if (step.uses?.startsWith('actions/checkout@')) assert.equal(step.with, { 'persist-credentials': false })
})

test('release.yml: on a version tag, CI, then release:check for the tag, then npm publish --provenance, then the GitHub release from the changelog', () => {
  const release = workflow('.github/workflows/release.yml')
  assert.equal(Object.keys(release.on), ['push'])
  assert.equal((release.on.push as { tags: string[] }).tags[0], 'v[0-9]+.[0-9]+.[0-9]+')
  assert.is(release.jobs.ci!.uses, './.github/workflows/ci.yml')
  assert.is(release.jobs.publish!.needs, 'ci')
  const runs = release.jobs.publish!.steps!.map((s) => s.run ?? '')
  const at = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r))
  const order = [/release:check -- --tag "\$GITHUB_REF_NAME"/, /release:notes -- "\$GITHUB_REF_NAME"/, /gh release create .*--draft/, /npm publish --provenance/, /gh release edit .*--draft=false/].map(at)
  assert.ok(order.every((i) => i >= 0), `every step present: ${order}`)
  assert.equal([...order].sort((a, b) => a - b), order, 'checks before anything is published')
})

test('dependabot.yml: npm and github-actions', () => {
  const config = parse(text('.github/dependabot.yml')) as { version: number; updates: { 'package-ecosystem': string; directory: string }[] }
  assert.is(config.version, 2)
  assert.equal(config.updates.map((u) => u['package-ecosystem']).sort(), ['github-actions', 'npm'])
})

test('the component keeps a description on every spec input, which the CI/CD catalog shows', () => {
  const [spec] = parseAllDocuments(text('templates/deploy-failure.yml')).map((d) => d.toJS()) as [{ spec: { inputs: Record<string, { description?: string }> } }]
  const inputs = Object.entries(spec.spec.inputs)
  assert.ok(inputs.length >= 6)
  for (const [name, input] of inputs) assert.ok((input.description ?? '').trim().length > 10, `${name} has a description`)
})

test("the component's environment defaults to a name, not to CI_ENVIRONMENT_NAME, which its jobs never have", () => {
  const [spec, jobs] = parseAllDocuments(text('templates/deploy-failure.yml')).map((d) => d.toJS()) as [{ spec: { inputs: Record<string, { default?: string }> } }, Record<string, { environment?: unknown }>]
  // GitLab sets CI_ENVIRONMENT_NAME only in a job with environment:name; the component's jobs have none.
  assert.equal(Object.entries(jobs).filter(([, job]) => job.environment !== undefined).map(([name]) => name), [])
  assert.is(spec.spec.inputs.environment!.default, 'production')
})

test('README shows the CI badge of ci.yml', () => {
  assert.match(text('README.md'), /\[!\[CI\]\(https:\/\/github\.com\/[\w-]+\/[\w-]+\/actions\/workflows\/ci\.yml\/badge\.svg\)\]\(https:\/\/github\.com\/[\w-]+\/[\w-]+\/actions\/workflows\/ci\.yml\)/)
})

test.run()
