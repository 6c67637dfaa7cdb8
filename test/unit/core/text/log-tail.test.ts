import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanLog, lastLines, logSummary, logTail, renderLogSection } from '../../../../lib/core/text/log-tail.ts'

test('ANSI colour and cursor codes are stripped; other controls become visible pictures', () => {
  assert.is(cleanLog('\u001B[31mred\u001B[0m \u001B[2K\u001B[1Gdone \u0007\u0000'), 'red done \u2407\u2400')
  assert.is(cleanLog('\u001B]8;;https://x\u0007link\u001B]8;;\u0007'), 'link')
})

test('CR LF is a line break; a line redrawn with CR keeps its last frame', () => {
  assert.is(cleanLog('a\r\nb\r\n'), 'a\nb\n')
  assert.is(cleanLog(' 10%\r 50%\r100%\nnext'), '100%\nnext')
  assert.is(cleanLog('done\r\r\n'), 'done\n')
})

test('a token split by colour codes is still found', () => {
  const token = 'ghp_' + 'a'.repeat(36)
  assert.is(cleanLog(`x ${token.slice(0, 10)}\u001B[1m${token.slice(10)} y`), 'x *** y')
})

test('the run token is taken out', () => {
  assert.is(cleanLog('curl -u me:local-secret-99', ['local-secret-99']), 'curl -u me:***')
})

test('lastLines keeps the last lines; a final line feed starts no line', () => {
  assert.is(lastLines('1\n2\n3\n', 2), '2\n3')
  assert.is(lastLines('1\n2\n3', 5), '1\n2\n3')
  assert.is(lastLines('1\n2', 0), '')
})

test('a key whose BEGIN is above the tail is still masked', () => {
  const log = 'start\n-----BEGIN EC PRIVATE KEY-----\nMHcC\nAQEE\n-----END EC PRIVATE KEY-----\nend'
  assert.is(logTail(log, 2), '***\nend')
  // A reader that cut the file inside the key hands over a window that opens inside it.
  assert.is(logTail('AQEE\n-----END EC PRIVATE KEY-----\nend', 100), '***\nend')
})

test('the summary says how many lines, from where, and links the job; values are escaped and defused', () => {
  assert.is(logSummary({ text: '', source: 'deploy.log' }, 1), 'Last 1 line of deploy.log')
  assert.is(
    logSummary({ text: '', source: '<b>@al #1.log', jobUrl: 'https://gitlab.example/g/p/-/jobs/9' }, 2),
    'Last 2 lines of &lt;b&gt;@\u200Bal #\u200B1.log, full log: <a href="https://gitlab.example/g/p/-/jobs/9">https://gitlab.example/g/p/-/jobs/9</a>',
  )
  assert.is(logSummary({ text: '', source: 'x', jobUrl: 'javascript:alert(1)' }, 0), 'Last 0 lines of x, full log: javascript:alert(1)')
})

test('the section is a collapsed block holding the log in a fence longer than its backtick runs', () => {
  const section = renderLogSection({ text: 'a\n````\nb', source: 'out.txt' }, Infinity)
  assert.is(section, '### Log excerpt\n<details><summary>Last 3 lines of out.txt</summary>\n\n`````\na\n````\nb\n`````\n\n</details>')
})

test('when cut, the end is kept from a line start, after a note of how much went', () => {
  const text = ['the first line, longer than any note of a cut', 'second line', 'third line'].join('\n')
  const full = renderLogSection({ text, source: 'f' }, Infinity)
  const frame = (lines: string, summary: string, note: string) =>
    `### Log excerpt\n<details><summary>${summary}</summary>\n\n*[${note} characters cut]*\n\n\`\`\`\n${lines}\n\`\`\`\n\n</details>`
  const two = frame('second line\nthird line', 'Last 2 lines of f', '46')
  assert.ok(two.length < full.length)
  assert.is(renderLogSection({ text, source: 'f' }, two.length), two)
  // One character less: the second line goes too, never half of it.
  assert.is(renderLogSection({ text, source: 'f' }, two.length - 1), frame('third line', 'Last 1 line of f', '58'))
})

test('a line that ends in a redraw with nothing after it keeps the frame before', () => {
  assert.is(cleanLog('50%\r'), '50%')
  assert.is(cleanLog('a\r\r\nb\r'), 'a\nb')
  assert.is(cleanLog('\r\r'), '')
})

test('the summary escapes & and " as well, and cuts a long file name to the field limit with a note', () => {
  assert.is(logSummary({ text: '', source: 'a&b"c' }, 1), 'Last 1 line of a&amp;b&quot;c')
  // 1,200 characters: 979 kept and ' [221 characters cut]' (21) make the field's 1,000.
  assert.is(logSummary({ text: '', source: 'f'.repeat(1200) }, 1), `Last 1 line of ${'f'.repeat(979)} [221 characters cut]`)
})

test('the job address is a link at the field limit (1,000 characters); one past it, it is cut as text', () => {
  const at = 'https://ci.example/' + 'j'.repeat(1000 - 19)
  assert.is(logSummary({ text: '', source: 'x', jobUrl: at }, 1), `Last 1 line of x, full log: <a href="${at}">${at}</a>`)
  const over = at + 'k'
  // 980 kept and ' [21 characters cut]' (20).
  assert.is(logSummary({ text: '', source: 'x', jobUrl: over }, 1), `Last 1 line of x, full log: ${over.slice(0, 980)} [21 characters cut]`)
})

test('the job address is a link only when it is one http(s) address, whole', () => {
  assert.is(logSummary({ text: '', source: 'x', jobUrl: 'http://ci.example/j/1' }, 1), 'Last 1 line of x, full log: <a href="http://ci.example/j/1">http://ci.example/j/1</a>')
  assert.is(logSummary({ text: '', source: 'x', jobUrl: 'ftp://ci.example/https://ci.example/j' }, 1), 'Last 1 line of x, full log: ftp://ci.example/https://ci.example/j')
  assert.is(logSummary({ text: '', source: 'x', jobUrl: 'https://ci.example/j 1' }, 1), 'Last 1 line of x, full log: https://ci.example/j 1')
})

test('an empty log is 0 lines; without the heading, the block alone', () => {
  assert.is(renderLogSection({ text: '', source: 'f' }, Infinity), '### Log excerpt\n<details><summary>Last 0 lines of f</summary>\n\n```\n\n```\n\n</details>')
  assert.is(renderLogSection({ text: 'a', source: 'f' }, Infinity, 'github', false), '<details><summary>Last 1 line of f</summary>\n\n```\na\n```\n\n</details>')
})

test.run()
