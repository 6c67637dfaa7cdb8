// The rsync stand-in that the GitLab pipeline tests give gitlab-ci-local, checked on the command lines
// gitlab-ci-local 4.x runs, with what rsync itself leaves behind (checked once against rsync 3.2.7).
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { excluder, parseArgs, rsync, Unsupported } from '../../helpers/rsync/rsync.mjs'

let dir = ''
test.before.each(() => {
  dir = mkdtempSync(join(tmpdir(), 'rsync-stand-in-'))
  const files: Record<string, string> = {
    'src/one.txt': 'one',
    'src/a/two.txt': 'two',
    'src/a/b/three.sh': 'three',
    'src/node_modules/x/i.js': 'nm',
    'src/.gitlab-ci-local/builds/f': 'state',
    'src/.git/lfs/o': 'lfs',
    'src/deep/node_modules/m': 'deep',
    'src/keep/k': 'k',
    'dst/stale/s': 's',
    'dst/node_modules/n': 'n',
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), content, { mode: path.endsWith('.sh') ? 0o755 : 0o644 })
  }
  symlinkSync('a/two.txt', join(dir, 'src/link'))
})
test.after.each(() => rmSync(dir, { recursive: true, force: true }))

// Every path under `root`, directories with a trailing slash, symlinks as `name -> target`.
const tree = (root: string): string[] => {
  const out: string[] = []
  const walk = (rel: string) => {
    for (const name of readdirSync(join(root, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name
      const st = lstatSync(join(root, path))
      if (st.isSymbolicLink()) out.push(`${path} -> ${readlinkSync(join(root, path))}`)
      else if (st.isDirectory()) {
        out.push(`${path}/`)
        walk(path)
      } else out.push(path)
    }
  }
  walk('')
  return out
}

test('the checkout copy before every pipeline: tracked files only, the old copy made to match', () => {
  writeFileSync(join(dir, 'untracked'), 'node_modules/\n# a comment\n\nkeep/k\n')
  rsync(['-a', '--delete-excluded', '--delete', `--exclude-from=${join(dir, 'untracked')}`, '--exclude', '.git/lfs', '--exclude', '.gitlab-ci-local/', './', '../dst/'], join(dir, 'src'))
  assert.equal(tree(join(dir, 'dst')), ['.git/', 'a/', 'a/b/', 'a/b/three.sh', 'a/two.txt', 'deep/', 'keep/', 'link -> a/two.txt', 'one.txt'])
  assert.is(readFileSync(join(dir, 'dst/a/two.txt'), 'utf8'), 'two')
  assert.is(statSync(join(dir, 'dst/a/b/three.sh')).mode & 0o777, 0o755, 'permissions kept')
  const seconds = (path: string) => Math.floor(statSync(join(dir, path)).mtimeMs / 1000)
  assert.is(seconds('dst/one.txt'), seconds('src/one.txt'), 'times kept (rsync compares them in seconds)')
})

test('--delete alone spares excluded files on the receiving side; a changed file is copied again', () => {
  rsync(['-a', 'src/', 'dst/'], dir)
  writeFileSync(join(dir, 'src/a/two.txt'), 'two, longer')
  rmSync(join(dir, 'src/keep'), { recursive: true })
  rsync(['-a', '--delete', '--exclude', 'node_modules/', 'src/', 'dst/'], dir)
  assert.is(readFileSync(join(dir, 'dst/a/two.txt'), 'utf8'), 'two, longer')
  assert.equal(tree(join(dir, 'dst')).filter((p) => /^(keep|stale|node_modules)/.test(p)), ['node_modules/', 'node_modules/n', 'node_modules/x/', 'node_modules/x/i.js'])
})

test('dir/. copies what is in dir; dir without a slash copies dir itself', () => {
  mkdirSync(join(dir, 'dst/builds'))
  rsync(['-a', 'src/a/.', 'dst/builds/job'], dir)
  rsync(['-a', 'src/a', 'dst'], dir)
  assert.equal(tree(join(dir, 'dst/builds')), ['job/', 'job/b/', 'job/b/three.sh', 'job/two.txt'])
  assert.ok(tree(join(dir, 'dst')).includes('a/b/three.sh'))
})

test('-R keeps the path as given; --files-from sends the listed paths, recursing only with -r', () => {
  mkdirSync(join(dir, 'dst/cache/c1'), { recursive: true })
  rsync(['-Ra', './a/b', './one.txt', '../dst/cache/c1/.'], join(dir, 'src'))
  assert.equal(tree(join(dir, 'dst/cache/c1')), ['a/', 'a/b/', 'a/b/three.sh', 'one.txt'])

  writeFileSync(join(dir, 'list'), 'a/two.txt\nkeep\ndeep/node_modules\n.gitlab-ci-local/builds/f\n')
  mkdirSync(join(dir, 'dst/out'))
  rsync(['--exclude', '.gitlab-ci-local/**', '-rRa', '--exclude', 'deep/node_modules', `--files-from=${join(dir, 'list')}`, '.', '../dst/out/.'], join(dir, 'src'))
  assert.equal(tree(join(dir, 'dst/out')), ['a/', 'a/two.txt', 'keep/', 'keep/k'])
  mkdirSync(join(dir, 'dst/flat'))
  rsync(['-Ra', `--files-from=${join(dir, 'list')}`, '.', '../dst/flat/.'], join(dir, 'src'))
  assert.equal(tree(join(dir, 'dst/flat')), ['.gitlab-ci-local/', '.gitlab-ci-local/builds/', '.gitlab-ci-local/builds/f', 'a/', 'a/two.txt', 'deep/', 'deep/node_modules/', 'keep/'])
})

test('a destination is made one level deep at most, as rsync without --mkpath does', () => {
  assert.throws(() => rsync(['-a', 'src/.', 'dst/builds/job'], dir), /mkdir ".*dst\/builds\/job" failed: No such file or directory/)
  assert.throws(() => rsync(['-Ra', './one.txt', '../dst/missing/.'], join(dir, 'src')), /mkdir/)
  assert.throws(() => rsync(['-a', 'src/nothing', 'dst/'], dir), /link_stat .*nothing/)
})

test('filter patterns: anchored, directory-only, wildcards, and a/*** for a directory and its contents', () => {
  const x = excluder(['/keep', 'b/', '*.txt', 'deep/node_modules', 'c/***', '[n]ode_*', '.gitlab-ci-local/**'])
  assert.ok(x('keep', true))
  assert.not.ok(x('a/keep', true), '/keep is anchored to the root')
  assert.ok(x('a/b', true))
  assert.not.ok(x('a/b', false), 'b/ matches directories only')
  assert.ok(x('a/two.txt', false))
  const deep = excluder(['deep/node_modules'])
  assert.ok(deep('x/deep/node_modules', true), 'an unanchored path matches at any level')
  assert.not.ok(deep('xdeep/node_modules', true), 'at a directory boundary')
  assert.ok(x('c', true) && x('c/d/e', false))
  assert.ok(x('node_modules', true))
  assert.ok(x('.gitlab-ci-local/builds', true))
  assert.not.ok(x('.gitlab-ci-local', true), 'dir/** matches what is inside, not dir')
})

test('a command line beyond the stand-in stops with the option named, never a half copy', () => {
  assert.throws(() => parseArgs(['-az', 'src/', 'dst/']), (e: unknown) => e instanceof Unsupported && /option -z/.test((e as Error).message))
  assert.throws(() => parseArgs(['--checksum', 'src/', 'dst/']), (e: unknown) => e instanceof Unsupported)
  assert.throws(() => parseArgs(['-a', 'host:src/', 'dst/']), /remote path/)
  assert.equal(parseArgs(['-a', '--files-from=/dev/null', '.', 'dst/.']).recursive, false, '--files-from turns off the -r of -a')
})

test.run()
