// The package as npm would publish it: `npm pack` of this checkout (its prepack builds dist/), made once
// per run by test/runner/run.mjs (TEST_PACKED_TARBALL), or else once per test process, and shared by the
// tests that install it.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
