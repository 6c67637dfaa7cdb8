// The README's first screen and the docs/ pages it links to: every relative link leads to a file.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT } from '../helpers/helpers.ts'

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

test.run()
