// A scratch copy of this project (tracked and new files, never ignored ones) with node_modules linked in,
// for tests that change files the way a maintainer would and run the project's own scripts on them.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './helpers.ts'

/** The copy's folder; remove it when done. */
export function projectCopy(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
  for (const file of files) cpSync(join(ROOT, file), join(dir, file), { recursive: true })
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
  return dir
}
