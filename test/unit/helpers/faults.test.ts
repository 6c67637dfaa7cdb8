// The fault kit's request matching (test/helpers/faults.ts): by path, or by path and query, so that one
// read of a path can fail while another read of the same path is answered.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { FaultKit, matches, type Recorded } from '../../helpers/faults.ts'

const request = (method: string, path: string, query = ''): Recorded => ({ method, path, query: new URLSearchParams(query), headers: {}, body: '', json: undefined })
const ISSUES = /^\/repos\/acme\/shop\/issues$/

test('matches: a path alone matches whatever the query; a query names values, and null an absent parameter', () => {
  assert.ok(matches(ISSUES, request('GET', '/repos/acme/shop/issues', 'state=open')))
  assert.not.ok(matches(ISSUES, request('GET', '/repos/acme/shop/issues/1')))
  const record = { path: ISSUES, query: { state: 'all' } }
  assert.ok(matches(record, request('GET', '/repos/acme/shop/issues', 'state=all&labels=x')))
  assert.not.ok(matches(record, request('GET', '/repos/acme/shop/issues', 'state=open&labels=x')))
  assert.not.ok(matches(record, request('GET', '/repos/acme/shop/issues', 'labels=x')))
  assert.not.ok(matches(record, request('GET', '/repos/acme/other/issues', 'state=all')))
  const noState = { path: ISSUES, query: { state: null } }
  assert.ok(matches(noState, request('GET', '/repos/acme/shop/issues', 'labels=x')))
  assert.not.ok(matches(noState, request('GET', '/repos/acme/shop/issues', 'state=opened')))
})

test('FaultKit.take: a fault with a query answers only the matching read, and is used up', () => {
  const kit = new FaultKit({ stall: { contentType: 'application/json', chunk: '[' }, injectedBody: () => ({}), committedBody: () => ({}) })
  const fault = { status: 403 }
  kit.inject('GET', { path: ISSUES, query: { state: 'all' } }, fault)
  assert.is(kit.take(request('GET', '/repos/acme/shop/issues', 'state=open')), undefined)
  assert.is(kit.take(request('POST', '/repos/acme/shop/issues', 'state=all')), undefined)
  assert.is(kit.take(request('GET', '/repos/acme/shop/issues', 'state=all')), fault)
  assert.is(kit.take(request('GET', '/repos/acme/shop/issues', 'state=all')), undefined)
})

test.run()
