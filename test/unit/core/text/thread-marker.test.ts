import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseThreadMarker, renderThreadMarker, withThreadMarker } from '../../../../lib/core/text/thread-marker.ts'

const thread = { channel: 'C0DEPLOY', ts: '1712345678.000100' }
const MARKER = '<!-- deploy-failure-reporter:slack-thread channel=C0DEPLOY ts=1712345678.000100 -->'

test('render: one HTML comment line naming channel and ts', () => {
  assert.is(renderThreadMarker(thread), MARKER)
})

test('render: a channel or ts not in Slack form is refused, so nothing can close the comment', () => {
  assert.is(renderThreadMarker({ channel: 'C1 -->', ts: '1.2' }), undefined)
  assert.is(renderThreadMarker({ channel: 'C1', ts: '1.2 --><b>' }), undefined)
  assert.is(renderThreadMarker({ channel: '', ts: '1.2' }), undefined)
})

test('append, then parse back; appending again replaces the marker', () => {
  const body = '## Deploy Failure Report\n\ntext\n'
  const marked = withThreadMarker(body, thread)
  assert.is(marked, `${body}${MARKER}\n`)
  assert.equal(parseThreadMarker(marked!), thread)
  const again = withThreadMarker(marked!, { channel: 'C0OTHER', ts: '1.5' })
  assert.is(again, `${body}<!-- deploy-failure-reporter:slack-thread channel=C0OTHER ts=1.5 -->\n`)
  assert.is(withThreadMarker('no newline', thread), `no newline\n${MARKER}\n`)
})

test('parse: only a marker on the last line counts (a copy in a commit message does not)', () => {
  assert.is(parseThreadMarker('x'), undefined)
  assert.is(parseThreadMarker(`\`\`\`\n${MARKER}\n\`\`\`\nfooter\n`), undefined)
  assert.equal(parseThreadMarker(`body\n${MARKER}`), thread)
  // GitLab and web edits may store CR LF line ends.
  assert.equal(parseThreadMarker(`body\r\n${MARKER}\r\n`), thread)
})

test('a body that would exceed the tracker limit gets no marker', () => {
  assert.is(withThreadMarker('x'.repeat(100), thread, 150), undefined)
  assert.ok(withThreadMarker('x'.repeat(10), thread, 150))
})

test.run()
