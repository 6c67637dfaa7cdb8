// `npm run release -- <X.Y.Z|major|minor|patch> [--push] [--date YYYY-MM-DD] [--remote origin]`: cuts a
// release from a clean tree in one step: the version in every file, CHANGELOG.md's Unreleased section
// turned into the version's, dist/action.js rebuilt, release:check, one commit, the tag vX.Y.Z and the
// moving tag vX. With --push it pushes the commit and vX.Y.Z atomically (the tag starts
// .github/workflows/release.yml, which publishes) and then moves vX on the remote.
// Exit 0 done, 1 not released (why printed; nothing committed), 2 bad arguments.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { cutRelease } from './changelog.ts'
import { packageVersion, releaseProblems } from './check.ts'
import { majorTag, nextVersion } from './next-version.ts'
import { consoleIo, failed, type ScriptIo } from './script-io.ts'
import { writeVersion } from './version-places.ts'

const USAGE = [
  'Usage: npm run release -- <X.Y.Z|major|minor|patch> [--push] [--date YYYY-MM-DD] [--remote origin]  (or npx zx scripts/release.mts …)',
  'Writes the version everywhere, moves the changelog, rebuilds dist/action.js, commits, tags vX.Y.Z and moves vX (maintainers/releasing.md).',
  '',
  'Options:',
  '  --push           push the commit and the tags to the remote',
  "  --date <day>     the changelog's release date (default today, UTC)",
  '  --remote <name>  where --push pushes (default origin)',
  '  -h, --help       print this help',
  '',
  'Environment: none read.',
  'Exit codes: 0 released, 1 refused or failed (nothing changed), 2 bad arguments',
].join('\n')

// The repository's web address from package.json (git+https://github.com/o/n.git → https://github.com/o/n).
function webAddress(root: string): string {
  const { repository } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository?: { url?: string } | string }
  const url = typeof repository === 'string' ? repository : repository?.url
  if (!url) throw new Error('package.json has no repository.url, which the changelog links need')
  return url.replace(/^git\+/, '').replace(/\.git$/, '')
}

function release(root: string, wanted: string, { push, date, remote }: { push: boolean; date: string; remote: string }, io: ScriptIo): number {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim()
  const say = (line: string) => io.out(`[INFO] ${line}`)
  if (git('status', '--porcelain')) {
    io.err('[ERROR] The working tree has changes: commit or stash them, so the release commit holds only the release')
    return 1
  }
  const version = nextVersion(packageVersion(root), wanted)
  const tag = `v${version}`
  if (git('tag', '--list', tag)) {
    io.err(`[ERROR] The tag ${tag} exists already`)
    return 1
  }
  // The changelog first: an empty Unreleased section stops the release before any file changes.
  const changelog = cutRelease(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), version, date, webAddress(root))
  writeFileSync(join(root, 'CHANGELOG.md'), changelog)
  const files = writeVersion(root, version)
  say(`${version} written in ${files.join(', ')} and CHANGELOG.md`)
  execFileSync(process.execPath, [join(root, 'scripts/build-action.mjs')], { cwd: root, stdio: 'inherit' })
  const problems = releaseProblems(root, { tag })
  if (problems.length > 0) {
    for (const problem of problems) io.err(`[ERROR] ${problem}`)
    io.err('[ERROR] Nothing was committed; git checkout -- . undoes the changes')
    return 1
  }
  git('add', '--', 'CHANGELOG.md', 'dist/action.js', ...files)
  git('commit', '--quiet', '-m', `Release ${version}`)
  git('tag', '--annotate', tag, '-m', `deploy-failure-reporter ${version}`)
  // The major tag points at the commit (not the annotated tag object), as `uses: …@vX` resolves it. A
  // pre-release leaves it where it is: `@vX` users get releases only.
  const major = version.includes('-') ? undefined : majorTag(version)
  if (major) git('tag', '--force', major, `${tag}^{commit}`)
  say(`Committed "Release ${version}", tagged ${tag}${major ? ` and moved ${major} to it` : ' (a pre-release: the major tag stays)'}`)
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD')
  const pushCommands = [
    ['push', '--atomic', remote, `HEAD:refs/heads/${branch}`, `refs/tags/${tag}`],
    ...(major ? [['push', '--force', remote, `refs/tags/${major}`]] : []),
  ]
  if (!push) {
    say(`To publish: ${pushCommands.map((c) => `git ${c.join(' ')}`).join(' && ')}`)
    return 0
  }
  for (const command of pushCommands) git(...command)
  say(`Pushed ${tag}: the release workflow publishes it`)
  return 0
}

/** The release command on the project at `root` with `args` (the words after the script); returns the exit code. */
export function releaseCommand(root: string, args: readonly string[], io: ScriptIo = consoleIo): number {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        push: { type: 'boolean', default: false },
        date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
        remote: { type: 'string', default: 'origin' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) {
      io.out(USAGE)
      return 0
    }
    // Bad arguments: one line on standard error naming which and the form expected, as the commands do (exit 2).
    const wrong =
      positionals.length !== 1
        ? `give one version, X.Y.Z or major, minor or patch (got ${positionals.length === 0 ? 'none' : positionals.map((word) => JSON.stringify(word)).join(', ')})`
        : !/^\d{4}-\d{2}-\d{2}$/.test(values.date)
          ? `--date must be a day as YYYY-MM-DD, such as 2026-12-01 (got ${JSON.stringify(values.date)})`
          : undefined
    if (wrong) {
      io.err(`[ERROR] ${wrong}; see --help`)
      return 2
    }
    return release(root, positionals[0]!, { push: values.push, date: values.date, remote: values.remote }, io)
  } catch (error) {
    return failed(error, io)
  }
}
