import { describe, expect, test } from 'vitest'
import { referenceRows } from '#app/features/api-reference/rows'

describe('the API reference page', () => {
  test('lists every operation by path, then method, with its summary, parameters (path ones first) and whether it takes a body', () => {
    const rows = referenceRows({
      paths: {
        '/roles/{id}': { put: { summary: "Sets a role's lead time", parameters: [{ name: 'id', in: 'path', required: true }], requestBody: {} } },
        '/api/audit': { get: { summary: 'The audit log', parameters: [{ name: 'page', in: 'query' }] } },
        '/roles': { post: { summary: 'Creates a role', requestBody: {} }, get: {} },
        '/api/users/{id}/audit': { get: { parameters: [{ name: 'page', in: 'query' }, { name: 'id', in: 'path' }] } },
      },
    })
    expect(rows).toEqual([
      { method: 'GET', path: '/api/audit', summary: 'The audit log', parameters: ['page'], takesBody: false },
      { method: 'GET', path: '/api/users/{id}/audit', summary: '', parameters: ['{id}', 'page'], takesBody: false },
      { method: 'GET', path: '/roles', summary: '', parameters: [], takesBody: false },
      { method: 'POST', path: '/roles', summary: 'Creates a role', parameters: [], takesBody: true },
      { method: 'PUT', path: '/roles/{id}', summary: "Sets a role's lead time", parameters: ['{id}'], takesBody: true },
    ])
  })

  test('an empty document lists nothing', () => {
    expect(referenceRows({})).toEqual([])
  })
})
