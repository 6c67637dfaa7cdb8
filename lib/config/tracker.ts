// Which issue tracker a run files to, and GitLab's own settings. GitHub's stay in config.ts, unchanged.

import type { TrackerKind } from '../core/tracker.ts'
import { value, type Env } from './env.ts'

export const GITLAB_DEFAULT_API_URL = 'https://gitlab.com/api/v4'

/** ISSUE_TRACKER: `github` (default) or `gitlab`; anything else is a problem and GitHub is assumed. */
export function trackerKind(env: Env, problems: string[]): TrackerKind {
  const kind = value(env, 'ISSUE_TRACKER') ?? 'github'
  if (kind === 'github' || kind === 'gitlab') return kind
  problems.push(`ISSUE_TRACKER must be github or gitlab, got ${JSON.stringify(kind)}`)
  return 'github'
}

// GitLab's rules for group and project paths: letters, digits, `_`, `-` and `.`, starting with a letter,
// digit or `_`, not ending in `.`, `.git` or `.atom`; up to 255 characters.
// https://docs.gitlab.com/user/reserved_names/#limitations-on-usernames-project-and-group-names-and-slugs
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/
const BAD_END = /(\.|\.git|\.atom)$/i
const NUMERIC_ID = /^[1-9][0-9]{0,18}$/

/** Whether `text` is a GitLab project path (`group/project`, nested groups allowed) or a numeric project id. */
export function isGitLabProject(text: string): boolean {
  if (NUMERIC_ID.test(text)) return true
  const segments = text.split('/')
  return segments.length >= 2 && segments.every((s) => SEGMENT.test(s) && !BAD_END.test(s))
}

/** The GitLab project and API address, from ISSUE_REPO (else CI_PROJECT_PATH) and ISSUE_API_URL (else CI_API_V4_URL). */
export interface GitLabTarget {
  /** The project's full path or numeric id; '' when it is missing or malformed (a problem says so). */
  readonly project: string
  /** The path's namespace (groups) and last segment, for messages; '' and the id for a numeric id. */
  readonly owner: string
  readonly repo: string
  readonly apiName: string
  readonly apiUrl: string
}

/** GitLab's target, adding a problem for a missing or malformed project; nothing is requested. */
export function gitLabTarget(env: Env, problems: string[]): GitLabTarget {
  const apiName = value(env, 'ISSUE_API_URL') !== undefined ? 'ISSUE_API_URL' : 'CI_API_V4_URL'
  const apiUrl = value(env, 'ISSUE_API_URL') ?? value(env, 'CI_API_V4_URL') ?? GITLAB_DEFAULT_API_URL
  const given = value(env, 'ISSUE_REPO') ?? value(env, 'CI_PROJECT_PATH')
  const empty = { project: '', owner: '', repo: '', apiName, apiUrl }
  if (given === undefined) {
    problems.push('ISSUE_REPO is required (a GitLab project path such as group/project, or a numeric project id; GitLab CI sets CI_PROJECT_PATH)')
    return empty
  }
  if (!isGitLabProject(given)) {
    problems.push(
      'ISSUE_REPO must be a GitLab project path such as group/subgroup/project (each part: letters, digits, _, - and ., ' +
        `starting with a letter, digit or _, not ending in ., .git or .atom) or a numeric project id, got ${JSON.stringify(given)}`,
    )
    return empty
  }
  const cut = given.lastIndexOf('/')
  return { project: given, owner: given.slice(0, Math.max(cut, 0)), repo: given.slice(cut + 1), apiName, apiUrl }
}
