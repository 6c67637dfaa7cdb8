// The version a release gets: named outright (X.Y.Z) or as the SemVer step from the current one.
import { VERSION } from './version-places.ts'

const core = (version: string) => version.split('-')[0]!.split('.').map(Number) as [number, number, number]

/** `wanted` (X.Y.Z, or major, minor or patch from `current`); throws when it is not after `current`. */
export function nextVersion(current: string, wanted: string): string {
  const [major, minor, patch] = core(current)
  const bumps: Record<string, string> = {
    major: `${major + 1}.0.0`,
    minor: `${major}.${minor + 1}.0`,
    // A patch of a pre-release is that release itself (1.0.0-rc.1 → 1.0.0), as npm version does.
    patch: current.includes('-') ? `${major}.${minor}.${patch}` : `${major}.${minor}.${patch + 1}`,
  }
  const next = bumps[wanted] ?? wanted.replace(/^v/, '')
  if (!VERSION.test(next)) throw new Error(`${JSON.stringify(wanted)} is not a version: give X.Y.Z, major, minor or patch`)
  const a = core(next)
  const b = core(current)
  // Same X.Y.Z: a release comes after its pre-releases, and pre-releases in order (rc.2 after rc.1).
  const pre = (v: string) => v.split('-').slice(1).join('-')
  const preOrder = !pre(next) ? (pre(current) ? 1 : 0) : !pre(current) ? -1 : pre(next).localeCompare(pre(current), 'en', { numeric: true })
  const order = a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || preOrder
  if (next === current) throw new Error(`${next} is the current version already`)
  if (order <= 0) throw new Error(`${next} does not come after the current version ${current}`)
  return next
}

export { majorTag } from './version-places.ts'
