// The `gitlab` flavor: GitLab's extra references and quick actions must neither act nor link; GitHub's
// rendering is left exactly as it was.
import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { codeBlock, defuseQuickActions, defuseReferences, markdownText } from '../../../../lib/core/text/markdown.ts'
import { renderBody, renderTitle } from '../../../../lib/core/text/issue.ts'
import { SAMPLE_FAILURE } from '../../../helpers/fixtures.ts'

const Z = '\u200B'
const unzwsp = (text: string) => text.split(Z).join('')

test('GitLab references get a zero-width space after the sigil: #1 !1 ~label %milestone &epic $snippet @user', () => {
  const cases: [string, string][] = [
    ['see #12', `see #${Z}12`],
    ['merged in !34', `merged in !${Z}34`],
    ['acme/shop!5 and acme/shop#6', `acme/shop!${Z}5 and acme/shop#${Z}6`],
    ['~bug ~"needs review" ~123', `~${Z}bug ~${Z}"needs review" ~${Z}123`],
    ['%v1.0 %"Sprint 3" %7', `%${Z}v1.0 %${Z}"Sprint 3" %${Z}7`],
    ['epic &8 and acme&9', `epic &${Z}8 and acme&${Z}9`],
    ['snippet $10', `snippet $${Z}10`],
    ['cc @alice @group/sub @_bot @all', `cc @${Z}alice @${Z}group/sub @${Z}_bot @${Z}all`],
    ['~ünïcode', `~${Z}ünïcode`],
  ]
  for (const [input, expected] of cases) assert.is(defuseReferences(input, 'gitlab'), expected, input)
})

test('GitLab flavor leaves ordinary text, emails and the insides of addresses alone', () => {
  const plain = 'ops@acme.com 100% done ~ ! & $ 5 - 3 $HOME ${x} ! done'
  assert.is(defuseReferences(plain, 'gitlab'), plain)
  const url = 'https://gl.example/a%20b/-/issues/3?x=~y&z=!1'
  assert.is(defuseReferences(`see ${url} now`, 'gitlab'), `see ${url} now`)
})

test('quick actions at the start of a line get a zero-width space in text and in code blocks', () => {
  assert.is(defuseQuickActions('/close\nnot /close\n/label ~x'), `${Z}/close\nnot /close\n${Z}/label ~x`)
  assert.is(markdownText('oops\n/close\n/assign @me', 'gitlab'), `oops\n${Z}/close\n${Z}/assign @${Z}me`)
  assert.is(codeBlock('fix\n/close\n```\n/reopen', 'gitlab'), `\`\`\`\`\nfix\n${Z}/close\n\`\`\`\n${Z}/reopen\n\`\`\`\``)
})

test('the github flavor is the default and unchanged: no quick-action or GitLab-only defusing', () => {
  const text = '/close !1 ~bug %v1 &2 $3 @alice #4'
  assert.is(markdownText(text), `/close !1 ~bug %v1 &2 $3 @${Z}alice #${Z}4`)
  assert.is(markdownText(text, 'github'), markdownText(text))
  assert.is(codeBlock('/close'), '```\n/close\n```')
  assert.is(renderBody(SAMPLE_FAILURE, 'github'), renderBody(SAMPLE_FAILURE))
})

test('a GitLab body carries no live quick action or reference from the reason, the message or the pipeline', () => {
  const hostile = '/close\n/label ~bug\n!1 #2 ~x %m &3 $4 @bob'
  const body = renderBody({ ...SAMPLE_FAILURE, reason: hostile, commitMessage: hostile, pipelineUrl: '/close !5' }, 'gitlab')
  assert.not.match(body, /^\//m, 'no line starts with /')
  // GitLab reads no references inside code, so only the text outside the commit message's block counts.
  const outsideCode = body.replace(/^```\n[^]*?\n```$/m, '')
  assert.ok(outsideCode.includes('### Failure Reason'))
  assert.not.match(outsideCode, /[#!&$]\d|[~%][a-z]|@[a-z]/, 'every sigil is followed by the zero-width space')
  assert.ok(body.includes(`${Z}/close`))
  assert.is(unzwsp(body).includes('/label ~bug'), true, 'the text still reads the same')
})

test('property: the gitlab flavor only adds zero-width spaces to the github rendering, and leaves no line starting with /', () => {
  const piece = fc.constantFrom('/', '/close', '\n', ' ', '#1', '!2', '~x', '%m', '&3', '$4', '@u', '@_u', 'https://a.b/%41', '`', '```', '> ', '- ', 'a', '\\', '<b>', '&#64;')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }).map((p) => p.join('')), (text) => {
      const gitlab = markdownText(text, 'gitlab')
      assert.is(unzwsp(gitlab), unzwsp(markdownText(text)))
      assert.not.match(gitlab, /^\//m)
      const block = codeBlock(text, 'gitlab')
      assert.is(unzwsp(block).replace(/^`+\n|\n`+$/g, ''), unzwsp(text))
      assert.not.match(block, /^\//m)
    }),
    { numRuns: 300 },
  )
})

test('titles fit the limit they are given (GitLab: 255), cut the same way each time; GitHub\'s default is unchanged', () => {
  const long = { ...SAMPLE_FAILURE, environment: 'e'.repeat(300), commitSha: 's'.repeat(300) }
  const gitlab = renderTitle(long, 255)
  assert.ok(gitlab.length <= 255, String(gitlab.length))
  assert.is(renderTitle(long, 255), gitlab)
  assert.ok(renderTitle(long).length <= 256)
  assert.ok(renderTitle(long).length > 255, 'the default is GitHub\'s 256')
  assert.is(renderTitle(SAMPLE_FAILURE, 255), renderTitle(SAMPLE_FAILURE))
})

test('GitLab: an http address is left whole too; text after an address is defused; a line-start @_user is defused', () => {
  assert.is(defuseReferences('http://x.example/a%20b~c', 'gitlab'), 'http://x.example/a%20b~c')
  assert.is(defuseReferences('see https://x.example/a then !1', 'gitlab'), `see https://x.example/a then !${Z}1`)
  assert.is(defuseReferences('@_ops', 'gitlab'), `@${Z}_ops`)
})

test.run()
