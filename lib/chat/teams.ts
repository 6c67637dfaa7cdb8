// Microsoft Teams through a Workflows (Power Automate) webhook: a message carrying one Adaptive Card 1.4.
// https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using
// Card text is a Markdown subset (no HTML; mentions need entities this card never declares):
// https://learn.microsoft.com/en-us/microsoftteams/platform/task-modules-and-cards/cards/cards-format
import type { ChatEvent } from '../core/chat.ts'
import { fitNotice, isLink, noticeOf, pingSentence, type Fact, type Notice } from './notice.ts'

/** Teams refuses messages over about 28 KB; the card is kept within this many UTF-8 bytes of JSON. */
export const TEAMS_LIMIT = 25_000

type Element = Record<string, unknown>

/** The Workflows webhook body: a `message` with the card as its one attachment. */
export interface TeamsBody {
  readonly type: 'message'
  readonly attachments: readonly [{ readonly contentType: 'application/vnd.microsoft.card.adaptive'; readonly content: Element }]
}

// A backslash shows the next punctuation character as itself. `{{` starts a DATE()/TIME() function in
// card text (https://learn.microsoft.com/en-us/adaptive-cards/authoring-cards/text-features), and is
// broken with a zero-width space.
/** `text` as Adaptive Card Markdown that shows as the text itself. */
export function teamsEscape(text: string): string {
  return text.replace(/[\\*_~`[\]()#>+\-!|]/g, '\\$&').replace(/\{(?=\{)/g, '{\u200B')
}

// A `)` in an address would end the Markdown link early; percent-encoded it means the same to the server.
const linkTarget = (url: string): string => url.replace(/\(/g, '%28').replace(/\)/g, '%29')

const value = (f: Fact): string => (f.kind === 'url' && isLink(f.value) ? `[${teamsEscape(f.value)}](${linkTarget(f.value)})` : teamsEscape(f.value))

const card = (notice: Notice): Element => ({
  type: 'AdaptiveCard',
  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
  version: '1.4',
  body: [
    {
      type: 'TextBlock',
      text: `[${notice.headline}] ${teamsEscape(notice.subject)}`,
      weight: 'Bolder',
      size: 'Medium',
      color: notice.headline === 'DEPLOY RECOVERED' ? 'Good' : notice.headline === 'TEST MESSAGE' ? 'Default' : 'Attention',
      wrap: true,
    },
    ...(notice.facts.length ? [{ type: 'FactSet', facts: notice.facts.map((f) => ({ title: f.label, value: value(f) })) }] : []),
  ],
  // A button per issue; Teams shows up to six in a row, a recovery rarely closes more.
  actions: notice.issues.filter((i) => isLink(i.url)).map((i) => ({ type: 'Action.OpenUrl', title: `Open issue #${i.number}`, url: i.url })),
})

const render = (notice: Notice): TeamsBody => ({
  type: 'message',
  attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card(notice) }],
})

/** The webhook body for `event`: an Adaptive Card with the spec's facts and a button to the issue. */
export function renderTeams(event: ChatEvent): TeamsBody {
  if (event.kind === 'ping') {
    const notice: Notice = { headline: 'TEST MESSAGE', subject: event.repo, facts: [{ label: 'Message', value: pingSentence(event.repo), kind: 'text' }], issues: [] }
    return render(notice)
  }
  return fitNotice(noticeOf(event), TEAMS_LIMIT, render, (body) => Buffer.byteLength(JSON.stringify(body)))
}
