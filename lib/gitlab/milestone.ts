// REPORT_MILESTONE on GitLab: the milestone's id, looked up by title among the project's active
// milestones and its groups' (a create takes `milestone_id`).
// https://docs.gitlab.com/api/milestones/#list-project-milestones
import type { GitLab } from './client.ts'

/** The id of the active milestone titled `title` for the project at `projectPath` (`/projects/<id>`), or undefined. */
export async function activeMilestoneId(client: GitLab, projectPath: string, title: string): Promise<number | undefined> {
  // `title` filters exactly; `include_ancestors` adds the parent groups' milestones.
  const query = { state: 'active', title, include_ancestors: 'true', per_page: 100 }
  for await (const page of client.pages<{ id: number; title: string }>(`${projectPath}/milestones`, query)) {
    const found = page.data.find((milestone) => milestone.title === title)
    if (found) return found.id
  }
  return undefined
}
