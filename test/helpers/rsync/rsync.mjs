// A test-only stand-in for rsync, put first on PATH for gitlab-ci-local alone (test/helpers/gitlab-ci-local.ts),
// so that the GitLab pipeline tests run on machines without rsync (most slim Node images). It does local
// copies only, and only the part of rsync that gitlab-ci-local 4.x asks for:
//   rsync -a --delete-excluded --delete --exclude-from=F [--exclude-from=F] --exclude P --exclude P ./ DEST/
//   rsync -a SRC/. DEST                    rsync --exclude=/P/ -a SRC/. DEST
//   rsync -Ra ./PATH ... DEST/.            rsync --exclude 'P' -rRa --files-from=F . DEST/.
// Anything else (a remote, another option) stops with exit 1 and a line naming it, never a silent half copy.
// The rules followed are rsync's own: https://download.samba.org/pub/rsync/rsync.1 (FILTER RULES, --relative,
// --files-from, --delete). Plain JavaScript, so that it runs on every Node without a loader.
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Why an rsync command line is beyond this stand-in. */
export class Unsupported extends Error {}

/** The options and operands of an rsync command line, as far as this stand-in knows them. */
export function parseArgs(argv) {
  const o = { recursive: false, relative: false, archive: false, delete: false, deleteExcluded: false, excludes: [], filesFrom: undefined, operands: [] }
  const value = (arg, name, i) => (arg.startsWith(`${name}=`) ? [arg.slice(name.length + 1), i] : [argv[i + 1], i + 1])
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--delete') o.delete = true
    else if (arg === '--delete-excluded') o.deleteExcluded = true
    else if (arg === '--archive') o.archive = true
    else if (arg === '--recursive') o.recursive = true
    else if (arg === '--relative') o.relative = true
    else if (arg === '--exclude' || arg.startsWith('--exclude=')) {
      const [v, at] = value(arg, '--exclude', i)
      o.excludes.push(v)
      i = at
    } else if (arg === '--exclude-from' || arg.startsWith('--exclude-from=')) {
      const [v, at] = value(arg, '--exclude-from', i)
      // One pattern a line; blank lines and lines starting with ; or # are comments.
      for (const line of readFileSync(v, 'utf8').split(/\r?\n/)) if (line !== '' && !/^[;#]/.test(line)) o.excludes.push(line)
      i = at
    } else if (arg === '--files-from' || arg.startsWith('--files-from=')) {
      const [v, at] = value(arg, '--files-from', i)
      o.filesFrom = readFileSync(v, 'utf8').split(/\r?\n/).filter((l) => l !== '' && !/^[;#]/.test(l))
      i = at
    } else if (/^-[a-zA-Z]+$/.test(arg)) {
      for (const flag of arg.slice(1)) {
        if (flag === 'a') o.archive = true
        else if (flag === 'r') o.recursive = true
        else if (flag === 'R') o.relative = true
        else throw new Unsupported(`option -${flag}`)
      }
    } else if (arg === '--') {
      o.operands.push(...argv.slice(i + 1))
      break
    } else if (arg.startsWith('-')) throw new Unsupported(`option ${arg}`)
    else o.operands.push(arg)
  }
  if (o.operands.length < 2) throw new Unsupported('fewer than a source and a destination')
  for (const p of o.operands) if (/^[^/]*:/.test(p)) throw new Unsupported(`remote path ${p}`)
  // --files-from implies --relative; it turns off the --recursive that -a implies (an explicit -r stays).
  o.relative ||= o.filesFrom !== undefined
  o.recursive ||= o.archive && o.filesFrom === undefined
  return o
}

// One filter pattern as rsync reads it: a leading / anchors it to the transfer's root, a trailing / matches
// directories only, a pattern with a / or ** inside is matched against the whole path (else the name only),
// and an unanchored one may match the path's end at any directory level.
function compile(pattern) {
  let p = pattern
  const anchored = p.startsWith('/')
  if (anchored) p = p.slice(1)
  const dirOnly = p.endsWith('/')
  if (dirOnly) p = p.replace(/\/+$/, '')
  const wholePath = p.includes('/') || p.includes('**')
  // "dir/***" matches dir itself and everything inside it.
  const andInside = p.endsWith('/***')
  if (andInside) p = p.slice(0, -4)
  let re = ''
  for (let i = 0; i < p.length; i++) {
    const c = p[i]
    if (c === '*' && p[i + 1] === '*') {
      re += '.*'
      i++
    } else if (c === '*') re += '[^/]*'
    else if (c === '?') re += '[^/]'
    else if (c === '[') {
      const end = p.indexOf(']', i + 2)
      if (end < 0) re += '\\['
      else {
        re += `[${p.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`
        i = end
      }
    } else if (c === '\\' && i + 1 < p.length) re += p[++i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  }
  const tail = andInside ? '(/.*)?' : ''
  const regex = new RegExp(wholePath ? `${anchored ? '^' : '(^|/)'}${re}${tail}$` : `(^|/)${re}$`)
  return (path, isDir) => (!dirOnly || isDir || andInside) && (wholePath || !anchored ? regex.test(path) : regex.test(path) && !path.includes('/'))
}

/** A test of whether a path (relative to the transfer's root, no leading /) is excluded. */
export function excluder(patterns) {
  const rules = patterns.map(compile)
  return (path, isDir) => rules.some((rule) => rule(path, isDir))
}

// Copies one entry as -a does (symlinks as symlinks, permissions and times kept), skipping a regular file
// whose size and modification time (in seconds) already match: rsync's quick check.
function copyEntry(from, to, st) {
  if (st.isSymbolicLink()) {
    rmSync(to, { recursive: true, force: true })
    symlinkSync(readlinkSync(from), to)
    return
  }
  if (st.isDirectory()) {
    const existing = existsSync(to) ? lstatSync(to) : undefined
    if (existing && !existing.isDirectory()) rmSync(to, { force: true })
    mkdirSync(to, { recursive: true })
    chmodSync(to, st.mode & 0o7777)
    return
  }
  const existing = existsSync(to) ? lstatSync(to) : undefined
  if (existing?.isFile() && existing.size === st.size && Math.floor(existing.mtimeMs / 1000) === Math.floor(st.mtimeMs / 1000)) return
  if (existing && !existing.isFile()) rmSync(to, { recursive: true, force: true })
  copyFileSync(from, to)
  chmodSync(to, st.mode & 0o7777)
  utimesSync(to, st.atimeMs / 1000, st.mtimeMs / 1000)
}

// Copies the tree `srcRoot/rel` to `destRoot/rel`, `rel` being the transfer path the filters see ('' for
// the root, whose contents are copied).
function transfer(srcRoot, destRoot, rel, o, excluded) {
  const from = rel ? join(srcRoot, rel) : srcRoot
  const to = rel ? join(destRoot, rel) : destRoot
  const st = lstatSync(from)
  if (rel && excluded(rel, st.isDirectory())) return
  if (!st.isDirectory()) return copyEntry(from, to, st)
  if (rel) copyEntry(from, to, st)
  else mkdirSync(to, { recursive: true })
  // Without -r a named directory is made, not filled.
  if (rel && !o.recursive) return
  const names = readdirSync(from)
  for (const name of names) transfer(srcRoot, destRoot, rel ? `${rel}/${name}` : name, o, excluded)
  if (o.delete) {
    const sent = new Set(names)
    for (const name of readdirSync(to)) {
      const target = join(to, name)
      const skipped = excluded(rel ? `${rel}/${name}` : name, lstatSync(target).isDirectory())
      // What was sent stays; an excluded file on the receiving side is protected, unless --delete-excluded.
      if (skipped ? !o.deleteExcluded : sent.has(name)) continue
      rmSync(target, { recursive: true, force: true })
    }
  }
  if (rel) utimesSync(to, st.atimeMs / 1000, st.mtimeMs / 1000)
}

// Every directory on the way to `rel` (with -R, "a/b/c" makes a and a/b first), created as in the source.
function makeParents(srcRoot, destRoot, rel) {
  const parts = rel.split('/').slice(0, -1)
  for (let i = 1; i <= parts.length; i++) {
    const p = parts.slice(0, i).join('/')
    const to = join(destRoot, p)
    if (!existsSync(to)) copyEntry(join(srcRoot, p), to, lstatSync(join(srcRoot, p)))
  }
}

// The destination directory: like rsync (without --mkpath), only its last component is created, and
// none for a destination given as "dir/." (rsync's mkdir of "dir/." fails).
function makeDest(dest, given) {
  if (existsSync(dest)) return
  try {
    if (/(^|\/)\.$/.test(given)) throw Object.assign(new Error(), { code: 'ENOENT' })
    mkdirSync(dest)
  } catch (cause) {
    throw Object.assign(new Error(`mkdir "${dest}" failed: ${cause.code === 'ENOENT' ? 'No such file or directory (2)' : cause.message}`), { exitCode: 11 })
  }
}

const clean = (path) => path.split('/').filter((s) => s !== '' && s !== '.').join('/')

/** Runs one rsync command line (without the leading `rsync`) in `cwd`. */
export function rsync(argv, cwd = process.cwd()) {
  const o = parseArgs(argv)
  const excluded = excluder(o.excludes)
  const dest = join(cwd, o.operands.at(-1))
  const sources = o.operands.slice(0, -1)
  if (o.filesFrom) {
    if (sources.length !== 1) throw new Unsupported('--files-from with more than one source')
    const base = join(cwd, sources[0])
    makeDest(dest, o.operands.at(-1))
    for (const listed of o.filesFrom) {
      const rel = clean(listed)
      const st = rel ? lstatSync(join(base, rel), { throwIfNoEntry: false }) : undefined
      // The directories leading to a listed path are made only when the path itself is sent.
      if (!st || excluded(rel, st.isDirectory())) continue
      makeParents(base, dest, rel)
      transfer(base, dest, rel, o, excluded)
    }
    return
  }
  const single = sources.length === 1 && !o.operands.at(-1).endsWith('/')
  for (const source of sources) {
    const abs = join(cwd, source)
    if (!lstatSync(abs, { throwIfNoEntry: false })) throw Object.assign(new Error(`link_stat "${abs}" failed: No such file or directory (2)`), { exitCode: 23 })
    if (o.relative) {
      // With -R the path as given is kept under the destination; a /./ marks where the kept part starts.
      const marker = source.lastIndexOf('/./')
      const root = marker >= 0 ? join(cwd, source.slice(0, marker)) : source.startsWith('/') ? '/' : cwd
      const rel = clean(marker >= 0 ? source.slice(marker + 3) : source)
      makeDest(dest, o.operands.at(-1))
      if (!rel) transfer(root, dest, '', o, excluded)
      else {
        makeParents(root, dest, rel)
        transfer(root, dest, rel, o, excluded)
      }
    } else if (/\/\.?$/.test(source) || source === '.') {
      // "dir/" and "dir/." copy what is in dir, not dir itself.
      makeDest(dest, o.operands.at(-1))
      transfer(abs, dest, '', o, excluded)
    } else {
      const st = lstatSync(abs)
      if (!st.isDirectory() && single && !(existsSync(dest) && statSync(dest).isDirectory())) {
        copyEntry(abs, dest, st)
        continue
      }
      makeDest(dest, o.operands.at(-1))
      const name = abs.replace(/\/+$/, '').split('/').at(-1)
      transfer(dirname(abs), dest, name, o, excluded)
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    rsync(process.argv.slice(2))
  } catch (error) {
    const what = error instanceof Unsupported ? `the test stand-in for rsync does not support ${error.message}; install rsync` : error.message
    process.stderr.write(`rsync: ${what}\n`)
    process.exit(error instanceof Unsupported ? 1 : (error.exitCode ?? 23))
  }
}
