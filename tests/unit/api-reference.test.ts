import { describe, expect, test } from 'vitest'
import { referenceRows, takesOf } from '#app/features/api-reference/rows'

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

  test('what a call takes: its path parameters by their bare name, its query parameters, and whether a body', () => {
    const rows = referenceRows({
      paths: {
        '/api/users/{id}/audit': { get: { parameters: [{ name: 'page', in: 'query' }, { name: 'id', in: 'path' }] } },
        '/roles/{id}': { put: { parameters: [{ name: 'id', in: 'path' }], requestBody: {} } },
        '/roles': { get: {} },
      },
    })
    const takes = (path: string) => takesOf(rows.find((row) => row.path === path)!)
    expect(takes('/api/users/{id}/audit')).toEqual({ path: ['id'], query: ['page'], body: false })
    expect(takes('/roles/{id}')).toEqual({ path: ['id'], query: [], body: true })
    expect(takes('/roles')).toEqual({ path: [], query: [], body: false })
  })

  test('an empty document lists nothing', () => {
    expect(referenceRows({})).toEqual([])
  })
})
