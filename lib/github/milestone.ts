// REPORT_MILESTONE on GitHub: the milestone's number, looked up by title among the repository's open
// milestones (a create takes the number, not the title).
// https://docs.github.com/en/rest/issues/milestones#list-milestones
import type { GitHub } from './client.ts'

/** The number of the open milestone titled `title` in `owner/repo`, or undefined when there is none. */
export async function openMilestoneNumber(github: GitHub, where: { owner: string; repo: string }, title: string): Promise<number | undefined> {
  // Named fields, never a spread: Octokit sends every parameter the route does not use in the query
  // string, and the doctor passed its whole configuration here (the token and the webhook in the address).
  const pages = github.paginate.iterator('GET /repos/{owner}/{repo}/milestones', { owner: where.owner, repo: where.repo, state: 'open', per_page: 100 })
  for await (const page of pages) {
    const found = page.data.find((milestone) => milestone.title === title)
    if (found) return found.number
  }
  return undefined
}
