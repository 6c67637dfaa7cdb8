// What the doctor can tell about the identity's rights without writing anything. GitHub drops the labels
// of a new issue silently when the identity lacks push access, so a token that reads the repository can
// still file issues no later run finds as duplicates.
// https://docs.github.com/en/rest/issues/issues#create-an-issue (labels: "Only users with push access…")
import type { Check } from '../core/check.ts'

/** The caller's rights as GitHub's repository answer gives them (`permissions`). */
export interface RepoPermissions {
  readonly admin?: boolean
  readonly maintain?: boolean
  readonly push?: boolean
  readonly triage?: boolean
  readonly pull?: boolean
}

const held = (permissions: RepoPermissions) =>
  (['admin', 'maintain', 'push', 'triage', 'pull'] as const).filter((name) => permissions[name]).join(', ') || 'none'

/**
 * The permission line: push (or more) keeps the labels of new issues. Triage alone can label existing
 * issues but not set labels on create, so it fails too, naming push as the missing permission.
 */
export function permissionCheck(fullName: string, permissions: RepoPermissions): Check {
  if (permissions.push || permissions.maintain || permissions.admin) return { ok: true, text: `permission push on ${fullName}: labels of new issues are kept` }
  const why = 'GitHub silently drops the labels of new issues without it, so no later run would find them as duplicates'
  return { ok: false, text: `permission push missing on ${fullName} (has: ${held(permissions)}): ${why}; give the identity write access` }
}

/**
 * The scope line of a classic token, from `X-OAuth-Scopes` (absent for fine-grained and App tokens,
 * whose rights the permission line covers): `repo`, or `public_repo` for a public repository.
 * https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/scopes-for-oauth-apps
 */
export function scopeCheck(scopesHeader: string | undefined, isPrivate: boolean): Check | undefined {
  if (scopesHeader === undefined) return undefined
  const scopes = scopesHeader.split(',').map((s) => s.trim()).filter(Boolean)
  if (scopes.includes('repo')) return { ok: true, text: 'token scope repo granted' }
  if (scopes.includes('public_repo') && !isPrivate) return { ok: true, text: 'token scope public_repo granted (enough for this public repository)' }
  const has = `has: ${scopes.join(', ') || 'none'}`
  return {
    ok: false,
    text: isPrivate || !scopes.includes('public_repo')
      ? `token scope repo missing (${has}): the classic token cannot create issues${isPrivate ? ' in this private repository' : ''}; add the repo scope`
      : `token scope repo missing (${has})`,
  }
}
