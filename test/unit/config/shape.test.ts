import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readShape } from '../../../lib/config/shape.ts'

test('unset: nothing changes', () => {
  const problems: string[] = []
  assert.equal(readShape({}, 'github', problems), { templateFile: undefined, milestone: undefined, board: undefined })
  assert.equal(problems, [])
})

test('REPORT_PROJECT: an organisation\'s or a user\'s board, any view path after it', () => {
  const problems: string[] = []
  assert.equal(readShape({ REPORT_PROJECT: 'https://github.com/orgs/acme/projects/7/views/2', REPORT_PROJECT_STATUS: 'Todo' }, 'github', problems).board, {
    url: 'https://github.com/orgs/acme/projects/7/views/2',
    ownerType: 'organization',
    owner: 'acme',
    number: 7,
    status: 'Todo',
  })
  assert.is(readShape({ REPORT_PROJECT: 'https://github.com/users/octo-cat/projects/1' }, 'github', problems).board!.ownerType, 'user')
  assert.equal(problems, [])
})

test('a malformed board, a status without one, and a board on GitLab are named', () => {
  const problems: string[] = []
  readShape({ REPORT_PROJECT: 'https://github.com/acme/shop/projects/7' }, 'github', problems)
  readShape({ REPORT_PROJECT_STATUS: 'Todo' }, 'github', problems)
  readShape({ REPORT_PROJECT: 'https://github.com/orgs/acme/projects/7' }, 'gitlab', problems)
  assert.equal(problems, [
    'REPORT_PROJECT must be a GitHub Projects address such as https://github.com/orgs/acme/projects/7 (or /users/<login>/projects/<n>), got "https://github.com/acme/shop/projects/7"',
    'REPORT_PROJECT_STATUS needs REPORT_PROJECT (the board whose Status field it sets)',
    'REPORT_PROJECT is a GitHub Projects board; on GitLab, boards follow labels: use REPORT_LABELS',
  ])
})

test.run()
