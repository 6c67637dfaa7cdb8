import type { Check } from '../core/check.ts'
import { describeError } from '../core/retry/transient.ts'
import { toApiError } from './api-error.ts'
import { appAuthOf } from './app-auth.ts'
import type { GitHub } from './client.ts'
import type { GitHubRepo } from './issues.ts'

const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status

/**
 * The doctor's identity lines: for a GitHub App, its name and id, the installation on the repository and
 * whether that installation may write issues; for a token, the user it belongs to. Reads only.
 * https://docs.github.com/en/rest/apps/apps#get-a-repository-installation-for-the-authenticated-app
 */
export async function identityChecks(github: GitHub, target: GitHubRepo): Promise<Check[]> {
  const app = appAuthOf(github)
  const where = `${target.owner}/${target.repo}`
  if (app) {
    try {
      const [about, installation] = await Promise.all([app.app(), app.installation()])
      const issues = installation.permissions.issues
      return [
        { ok: true, text: `identity: GitHub App ${about.name || about.slug} (id ${app.appId}), installation ${installation.id} on ${where}` },
        issues === 'write'
          ? { ok: true, text: 'installation permission issues: write' }
          : { ok: false, text: `installation permission issues: write missing (has: ${issues ?? 'none'}): the App cannot file issues; grant Issues read and write in its settings and accept the new permission on the installation` },
      ]
    } catch (error) {
      // The App's own requests (JWT) bypass the client, so their failures are mapped here.
      return [{ ok: false, text: `identity: GitHub App ${app.appId} could not act on ${where} (${describeError(toApiError(error))}): check ISSUE_APP_ID, ISSUE_APP_PRIVATE_KEY and that the App is installed there` }]
    }
  }
  try {
    const { data } = await github.request('GET /user')
    return [{ ok: true, text: `identity: user ${data.login} (ISSUE_TOKEN)` }]
  } catch (error) {
    // The token line reports a refused token; a token that is not a user's (GitHub Actions' GITHUB_TOKEN,
    // an App's installation token) cannot read /user and is still fine.
    if (statusOf(error) === 401) return []
    if (statusOf(error) === 403 || statusOf(error) === 404) return [{ ok: true, text: 'identity: a token that is no user\'s (ISSUE_TOKEN, e.g. GitHub Actions\' GITHUB_TOKEN)' }]
    return [{ ok: false, text: `identity: not checked (${describeError(error)})` }]
  }
}
