// The package as npm would publish it: `npm pack` of this checkout (its prepack builds dist/), made once
// per run by test/runner/run.mjs (TEST_PACKED_TARBALL), or else once per test process, and shared by the
// tests that install it, serve it (loopback-npm-registry.ts) or unpack it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { ROOT, runCommand } from './helpers.ts'

let packed: Promise<string> | undefined

/** The path of `deploy-failure-reporter-<version>.tgz`, packed from this checkout on first use. */
export function packedTarball(): Promise<string> {
  const made = process.env.TEST_PACKED_TARBALL
  if (made) return (packed ??= Promise.resolve(made))
  return (packed ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'packed-'))
    const r = await runCommand('npm', ['pack', '--pack-destination', dir], {}, { timeoutMs: 300_000 })
    if (r.code !== 0) throw new Error(`npm pack failed\n${r.stdout}${r.stderr}`)
    const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string }
    return join(dir, `${name}-${version}.tgz`)
  })())
}

/**
 * The regular files of a tarball `npm pack` wrote, by their path under `package/`. npm writes ustar with
 * a pax header before a name too long for ustar (https://pubs.opengroup.org/onlinepubs/9799919799/utilities/pax.html,
 * "ustar Interchange Format"); read here in process, as installing it with npm costs a second of CPU.
 */
export function tarballFiles(tarball: string): Map<string, Buffer> {
  const tar = gunzipSync(readFileSync(tarball))
  const files = new Map<string, Buffer>()
  const text = (at: number, length: number) => tar.subarray(at, at + length).toString('utf8').replace(/\0[\s\S]*$/, '')
  let paxPath: string | undefined
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const size = parseInt(text(at + 124, 12).trim() || '0', 8)
    const type = text(at + 156, 1) || '0'
    const prefix = text(at + 345, 155)
    const body = tar.subarray(at + 512, at + 512 + size)
    const path = paxPath ?? (prefix ? `${prefix}/${text(at, 100)}` : text(at, 100))
    paxPath = undefined
    if (type === 'x') paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1]
    else if (type === '0') files.set(path.replace(/^package\//, ''), body)
    at += 512 + Math.ceil(size / 512) * 512
  }
  return files
}

/** Writes the packed package's files into `dir`, as npm installs them into node_modules/<name>. */
export async function unpackInto(dir: string): Promise<void> {
  for (const [path, content] of tarballFiles(await packedTarball())) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
}
