// Where an issue goes and what it looks like beyond the original script's: a team's template
// (REPORT_TEMPLATE), a milestone (REPORT_MILESTONE) and a GitHub Projects board (REPORT_PROJECT,
// REPORT_PROJECT_STATUS). Read and checked here; the template file itself is read by lib/config/template.ts.
import { trimmedValue, type Env } from './env.ts'

/** The settings this module reads; all unset by default, which keeps the original script's issue. */
export interface ShapeSettings {
  /** REPORT_TEMPLATE: the path of a Markdown template with optional front matter. */
  readonly templateFile: string | undefined
  /** REPORT_MILESTONE: the title of an open milestone set on a new issue. */
  readonly milestone: string | undefined
  /** REPORT_PROJECT: a GitHub Projects (v2) board a new issue is added to. */
  readonly board: ProjectBoard | undefined
}

/** A GitHub Projects (v2) board, from its address. */
export interface ProjectBoard {
  readonly url: string
  readonly ownerType: 'organization' | 'user'
  readonly owner: string
  readonly number: number
  /** REPORT_PROJECT_STATUS: the option of the board's single-select Status field to set. */
  readonly status: string | undefined
}

// https://github.com/orgs/<org>/projects/<n> or https://github.com/users/<login>/projects/<n>, with any
// view path after it (GitHub Enterprise hosts too).
const PROJECT = /^https?:\/\/[^/]+\/(orgs|users)\/([A-Za-z0-9-]{1,39})\/projects\/(\d+)(?:\/.*)?$/

/** REPORT_PROJECT as a board, or a problem naming the expected form. */
export function parseProject(url: string, status: string | undefined, problems: string[]): ProjectBoard | undefined {
  const match = PROJECT.exec(url)
  if (!match) {
    problems.push(`REPORT_PROJECT must be a GitHub Projects address such as https://github.com/orgs/acme/projects/7 (or /users/<login>/projects/<n>), got ${JSON.stringify(url)}`)
    return undefined
  }
  return Object.freeze({ url, ownerType: match[1] === 'orgs' ? 'organization' : 'user', owner: match[2]!, number: Number(match[3]), status })
}

/** Reads the settings above from `env`, adding one line to `problems` per bad value. */
export function readShape(env: Env, tracker: 'github' | 'gitlab', problems: string[]): ShapeSettings {
  const projectUrl = trimmedValue(env, 'REPORT_PROJECT')
  const status = trimmedValue(env, 'REPORT_PROJECT_STATUS')
  if (status !== undefined && projectUrl === undefined) problems.push('REPORT_PROJECT_STATUS needs REPORT_PROJECT (the board whose Status field it sets)')
  // GitLab's boards follow labels (REPORT_LABELS), so there is nothing to add an issue to.
  if (projectUrl !== undefined && tracker === 'gitlab') problems.push('REPORT_PROJECT is a GitHub Projects board; on GitLab, boards follow labels: use REPORT_LABELS')
  const milestone = trimmedValue(env, 'REPORT_MILESTONE')
  if (milestone !== undefined && milestone.length > 255) problems.push(`REPORT_MILESTONE must be a milestone title of at most 255 characters`)
  return {
    templateFile: trimmedValue(env, 'REPORT_TEMPLATE'),
    milestone,
    board: projectUrl !== undefined && tracker === 'github' ? parseProject(projectUrl, status, problems) : undefined,
  }
}
