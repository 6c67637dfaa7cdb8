// The GitLab mirror's .gitlab-ci.yml as gitlab-ci-local reads it (the same job schema and rules GitLab
// applies): a branch push runs the tests only; a tag vX.Y.Z adds release:check and the catalog release,
// whose `release:` keyword creates the plain X.Y.Z release the CI/CD catalog lists.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'
import { ROOT, runCommand } from '../helpers/helpers.ts'
import { CLI, schemaCheckOnce } from '../helpers/gitlab-ci-local.ts'
import { node24 } from '../helpers/node24.ts'
import { projectCopy } from '../helpers/project-copy.ts'

let dir: string

test.before(() => {
  dir = projectCopy('gitlab-mirror-')
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' })
  git('init', '-q', '-b', 'main')
  git('remote', 'add', 'origin', 'https://gitlab.example.invalid/tools/deploy-failure-reporter.git')
  git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main')
  git('add', '-A')
  git('-c', 'user.name=Mirror', '-c', 'user.email=mirror@example.invalid', 'commit', '-q', '-m', 'Mirrored')
})
test.after(() => rmSync(dir, { recursive: true, force: true }))

// The jobs gitlab-ci-local would run, by name, with their stage and needs, for these predefined variables.
async function jobs(variables: Record<string, string> = {}): Promise<string[]> {
  const args = [CLI, '--list', '--no-color', '--home', join(dir, '.gitlab-ci-local-home'), ...schemaCheckOnce(dir)]
  for (const [name, value] of Object.entries(variables)) args.push('--variable', `${name}=${value}`)
  const r = await runCommand(node24(), args, {}, { cwd: dir })
  assert.is(r.code, 0, r.stdout + r.stderr)
  const table = r.stdout.split('\n')
  const header = table.findIndex((line) => /^name\s+description\s+stage/.test(line))
  assert.ok(header >= 0, r.stdout)
  return table.slice(header + 1).filter(Boolean).map((line) => line.split(/\s+/).filter(Boolean).join(' '))
}

test('a branch push: the test job only', async () => {
  assert.equal(await jobs(), ['test test on_success false'])
})

test('a tag vX.Y.Z: test, release-check, then catalog-release after both', async () => {
  assert.equal(await jobs({ CI_COMMIT_TAG: 'v0.2.0' }), [
    'test test on_success false',
    'release-check test on_success false',
    'catalog-release release on_success false [test,release-check]',
  ])
})

test('the catalog release: the `release:` keyword, plain X.Y.Z from release-check\'s dotenv, the changelog section as text', () => {
  type Job = { script: string[]; artifacts?: { paths?: string[]; reports?: { dotenv?: string } }; release?: Record<string, string>; needs?: { job: string; artifacts?: boolean }[] }
  const ci = parse(readFileSync(join(ROOT, '.gitlab-ci.yml'), 'utf8')) as Record<string, Job>
  const check = ci['release-check']!
  assert.ok(check.script.includes('npm run release:check -- --tag "$CI_COMMIT_TAG"'))
  assert.ok(check.script.includes('npm run --silent release:notes -- "$CI_COMMIT_TAG" > release-notes.md'))
  assert.ok(check.script.includes('echo "CATALOG_VERSION=${CI_COMMIT_TAG#v}" > release.env'))
  assert.is(check.artifacts?.reports?.dotenv, 'release.env')
  const release = ci['catalog-release']!
  assert.equal(release.release, { tag_name: '$CATALOG_VERSION', ref: '$CI_COMMIT_SHA', name: 'deploy-failure-reporter $CATALOG_VERSION', description: './release-notes.md' })
  assert.ok(release.needs?.some((n) => n.job === 'release-check' && n.artifacts === true))
})

test.run()
