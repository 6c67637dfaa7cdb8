// The opt-in settings that make an issue easier to act on: the job log's tail, extra labels and
// assignees, one rolling issue per environment, and reopening after a recent recovery. Each is read and
// checked here; loadConfig collects the problems with everyone else's.

import type { Grouping } from '../core/find/grouping.ts'
import { value, type Env } from './env.ts'

/** The settings this module reads; all default to the spec's behaviour. */
export interface ActionableSettings {
  /** REPORT_LOG_FILE: a file (or `-` for standard input) whose last lines go into the issue. */
  readonly logFile: string | undefined
  /** REPORT_LOG_LINES: how many lines of the log (default 100). */
  readonly logLines: number
  /** CI_JOB_URL (GitLab): the job's page, named next to the log excerpt. */
  readonly jobUrl: string | undefined
  /** REPORT_LABELS: labels added after the spec's two, without repeats. */
  readonly extraLabels: readonly string[]
  /** REPORT_ASSIGNEES: logins assigned to a new issue; empty by default, as in the spec. */
  readonly assignees: readonly string[]
  /** REPORT_GROUP: `title` (default) or `environment`. */
  readonly group: Grouping
  /** REPORT_REOPEN_WINDOW in hours; 0 (default) never reopens. */
  readonly reopenWindowHours: number
}

export const DEFAULT_LOG_LINES = 100

// GitHub refuses a label name longer than 50 characters ("name is too long (maximum is 50 characters)").
const LABEL_MAX = 50
// GitHub usernames: letters, digits and single hyphens, not at either end, at most 39 characters.
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/
// "You can assign up to 10 people to each issue" (docs.github.com, assigning issues and pull requests).
const MAX_ASSIGNEES = 10
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/

// Comma-separated entries, trimmed; blank entries (a trailing comma) are dropped.
const entries = (text: string | undefined): string[] =>
  (text ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')

// Keeps the first of entries that are equal ignoring case, as GitHub compares labels and logins.
const unique = (list: readonly string[], taken: readonly string[] = []): string[] => {
  const seen = new Set(taken.map((entry) => entry.toLowerCase()))
  return list.filter((entry) => !seen.has(entry.toLowerCase()) && seen.add(entry.toLowerCase()))
}

/** REPORT_LABELS as a list: each entry checked against GitHub's label rules, the spec's `fixed` ones left out. */
export function parseLabels(text: string | undefined, fixed: readonly string[], problems: string[]): string[] {
  const labels = entries(text)
  for (const label of labels) {
    if ([...label].length > LABEL_MAX || CONTROL.test(label)) {
      problems.push(`REPORT_LABELS: ${JSON.stringify(label)} is not a GitHub label name (at most ${LABEL_MAX} characters, no control characters)`)
    }
  }
  return unique(labels, fixed)
}

/** REPORT_ASSIGNEES as a list: each entry must be a GitHub login, and at most 10 of them. */
export function parseAssignees(text: string | undefined, problems: string[]): string[] {
  const logins = unique(entries(text).map((login) => login.replace(/^@/, '')))
  for (const login of logins) {
    if (!LOGIN.test(login)) {
      problems.push(
        `REPORT_ASSIGNEES: ${JSON.stringify(login)} is not a GitHub login (letters, digits and single hyphens, ` +
          'not first or last, at most 39 characters)',
      )
    }
  }
  if (logins.length > MAX_ASSIGNEES) problems.push(`REPORT_ASSIGNEES: ${logins.length} logins given; GitHub assigns at most ${MAX_ASSIGNEES}`)
  return logins
}

/** Reads the settings above from `env`, adding one line to `problems` per bad value. */
export function readActionable(env: Env, fixedLabels: readonly string[], problems: string[]): ActionableSettings {
  const linesText = value(env, 'REPORT_LOG_LINES')
  const logLines = linesText === undefined ? DEFAULT_LOG_LINES : Number(linesText)
  if (!Number.isInteger(logLines) || logLines < 1 || linesText?.trim() === '') {
    problems.push(`REPORT_LOG_LINES must be a whole number of at least 1 (got ${JSON.stringify(linesText)})`)
  }
  const group = value(env, 'REPORT_GROUP') ?? 'title'
  if (group !== 'title' && group !== 'environment') problems.push(`REPORT_GROUP must be title or environment, got ${JSON.stringify(group)}`)
  const windowText = value(env, 'REPORT_REOPEN_WINDOW')
  const reopenWindowHours = windowText === undefined ? 0 : Number(windowText)
  if (!Number.isFinite(reopenWindowHours) || reopenWindowHours < 0 || windowText?.trim() === '') {
    problems.push(`REPORT_REOPEN_WINDOW must be a number of hours of at least 0 (got ${JSON.stringify(windowText)})`)
  }
  return {
    logFile: value(env, 'REPORT_LOG_FILE'),
    logLines: Number.isInteger(logLines) && logLines >= 1 ? logLines : DEFAULT_LOG_LINES,
    jobUrl: value(env, 'CI_JOB_URL'),
    extraLabels: Object.freeze(parseLabels(value(env, 'REPORT_LABELS'), fixedLabels, problems)),
    assignees: Object.freeze(parseAssignees(value(env, 'REPORT_ASSIGNEES'), problems)),
    group: group as Grouping,
    reopenWindowHours: Number.isFinite(reopenWindowHours) && reopenWindowHours >= 0 ? reopenWindowHours : 0,
  }
}
