// The title and body a report files: the original script's, or a team's template's (REPORT_TEMPLATE).
import { renderBody, renderTitle, type Failure } from '../text/issue.ts'
import type { IssueTemplate } from '../text/template.ts'
import type { TrackerKind } from '../tracker.ts'

/** The tracker a text is rendered for: its Markdown and its limits. */
export interface TextTarget {
  readonly kind: TrackerKind
  readonly limits: { readonly title: number; readonly body: number }
}

// Loaded only with a template: Mustache and the renderer cost start-up otherwise (npm run bench).
const renderer = () => import('../text/template-render.ts')

/** The issue title for `failure`: the template's when there is one, which is then the duplicate key. */
export async function issueTitle(template: IssueTemplate | undefined, failure: Failure, target: TextTarget): Promise<string> {
  if (!template) return renderTitle(failure, target.limits.title)
  return (await renderer()).templateTitle(template, failure, target.kind, target.limits)
}

/** The issue body for `failure`: the template's when there is one, within the tracker's budget. */
export async function issueBody(template: IssueTemplate | undefined, failure: Failure, target: TextTarget): Promise<string> {
  if (!template) return renderBody(failure, target.kind)
  return (await renderer()).templateBody(template, failure, target.kind, target.limits)
}
