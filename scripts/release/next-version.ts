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
  const order = a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || (next.includes('-') ? 0 : current.includes('-') ? 1 : 0)
  if (order <= 0 && next !== current) throw new Error(`${next} does not come after the current version ${current}`)
  if (next === current) throw new Error(`${next} is the current version already`)
  return next
}

/** The tag that moves with each release of a major version: v1 for 1.4.2 (what `uses: …@v1` follows). */
export const majorTag = (version: string): string => `v${core(version)[0]}`
