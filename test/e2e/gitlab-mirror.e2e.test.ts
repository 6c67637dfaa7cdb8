// The GitLab mirror's .gitlab-ci.yml as gitlab-ci-local reads it (the same job schema and rules GitLab
// applies): a branch push runs the tests only; a tag vX.Y.Z adds release:check and the catalog release,
// whose `release:` keyword creates the plain X.Y.Z release the CI/CD catalog lists.
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'
import { ROOT } from '../helpers/helpers.ts'
import { gitRepo, listJobs } from '../helpers/gitlab-ci-local.ts'

let dir: string

// The pipeline's jobs and rules are the YAML's alone (it includes no other file), read against the
// repository's branch and the variables given: a repository holding that one file shows what a push of the
// whole project would run, without copying and committing the project's ~600 files.
test.before(() => {
  dir = gitRepo({ '.gitlab-ci.yml': readFileSync(join(ROOT, '.gitlab-ci.yml'), 'utf8') })
})
test.after(() => rmSync(dir, { recursive: true, force: true }))

// The jobs gitlab-ci-local would run, by name, with their stage and needs, for these predefined variables.
const jobs = (variables: Record<string, string> = {}) => listJobs(dir, variables)

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
