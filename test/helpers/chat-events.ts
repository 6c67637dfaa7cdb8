// Chat events shared by the format tests: the sample failure, once and again, a recovery and a ping.
import type { ChatEvent } from '../../lib/core/chat.ts'
import { SAMPLE_FAILURE } from './fixtures.ts'

export const ISSUE = Object.freeze({ number: 12, url: 'https://github.com/acme/shop/issues/12' })
export const OTHER_ISSUE = Object.freeze({ number: 15, url: 'https://github.com/acme/shop/issues/15' })

export const FAILURE: ChatEvent = { kind: 'failure', failure: SAMPLE_FAILURE, issue: ISSUE }
export const RECURRENCE: ChatEvent = { kind: 'recurrence', failure: SAMPLE_FAILURE, issue: ISSUE, occurrence: 3 }
export const RECOVERY: ChatEvent = {
  kind: 'recovery',
  recovery: { environment: 'staging', commitSha: 'def5678', pipelineUrl: 'https://ci.example/p/8', time: new Date(2026, 10, 5, 10, 0, 0) },
  closed: [ISSUE, OTHER_ISSUE],
}
export const PING: ChatEvent = { kind: 'ping', repo: 'acme/shop' }

/** A failure whose reason tries every kind of mention, link and markup the chat services know. */
export const HOSTILE_REASON = '<!channel> @here @everyone <@U1> <users/all> *b* _i_ ~s~ `c` [x](http://e.test) {{DATE(2026-01-01T00:00:00Z)}}'
export const hostile = (reason = HOSTILE_REASON): ChatEvent => ({ kind: 'failure', failure: { ...SAMPLE_FAILURE, reason } })
