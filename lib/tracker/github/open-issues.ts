import type { GitHub } from './client.ts'
import { DEDUP_LABEL } from '../../core/issue.ts'

/**
 * The open `auto-deploy-failure` issues of `owner/repo`, a page of 100 at a time and oldest first, so a
 * reader can stop at the first page that answers its question. `since` keeps only issues updated at or
 * after that instant. Pull requests come too (GitHub lists them as issues); callers skip them.
 * https://docs.github.com/en/rest/issues/issues#list-repository-issues
 */
export function openReportPages(github: GitHub, target: { readonly owner: string; readonly repo: string }, since?: string) {
  return github.paginate.iterator('GET /repos/{owner}/{repo}/issues', {
    owner: target.owner,
    repo: target.repo,
    state: 'open',
    labels: DEDUP_LABEL,
    per_page: 100,
    sort: 'created',
    direction: 'asc',
    ...(since === undefined ? {} : { since }),
  })
}
