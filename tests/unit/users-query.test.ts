import { describe, expect, test } from 'vitest'
import type { ListedUser } from '#domain/contracts/users'
import { USER_LIST_LIMIT } from '#domain/constants'
import { USERS_PAGE_SIZE } from '#domain/users'
import { pageSpan, readPage } from '#domain/pages'
import { exportHref, listQuery, readFilters, readPageState, rowOf, usersHref } from '#app/features/users/query'

/** User management's state read from its address and written back into links (no browser needed). */

const params = (query: string) => new URLSearchParams(query)

describe('readPageState', () => {
  test('an empty address is the first page of the table, filters shown, nothing searched', () => {
    expect(readPageState(params(''))).toEqual({ q: '', role: '', view: 'table', filtersHidden: false, page: 1 })
  })

  test('reads the search and the role trimmed, the view, the hidden panel and the page', () => {
    expect(readPageState(params('q=%20asha%20&role=%20Manager&view=board&filters=hidden&page=3'))).toEqual({
      q: 'asha',
      role: 'Manager',
      view: 'board',
      filtersHidden: true,
      page: 3,
    })
  })

  test('an unknown view is the table; a page that is not a page number is the first, and a huge one is bounded', () => {
    expect(readPageState(params('view=grid&page=-4')).view).toBe('table')
    expect(readPageState(params('page=-4')).page).toBe(1)
    expect(readPageState(params('page=abc')).page).toBe(1)
    expect(readPageState(params('page=99999999')).page).toBe(20_000)
    expect(readPageState(params('view=toString')).view).toBe('table')
  })

  test('the search and the role are cut to what the API accepts', () => {
    const { q, role } = readFilters(params(`q=${'a'.repeat(300)}&role=${'r'.repeat(100)}`))
    expect(q).toHaveLength(200)
    expect(role).toHaveLength(60)
  })
})

describe('listQuery', () => {
  test('a page asks for that page of the list, with the search and the role', () => {
    expect(Object.fromEntries(listQuery({ q: 'asha', role: 'Manager' }, 3))).toEqual({
      limit: String(USERS_PAGE_SIZE),
      offset: String(2 * USERS_PAGE_SIZE),
      q: 'asha',
      role: 'Manager',
    })
  })

  test('no page (the export) asks for every match up to the limit; empty filters are not sent', () => {
    expect(Object.fromEntries(listQuery({ q: '', role: '' }))).toEqual({ limit: String(USER_LIST_LIMIT) })
  })
})

describe('usersHref and exportHref', () => {
  const state = { q: 'asha', role: 'Manager', view: 'table' as const, filtersHidden: false, page: 2 }

  test('keep the rest of the state when one part changes; defaults are left out', () => {
    expect(usersHref(state)).toBe('/users?q=asha&role=Manager&page=2')
    expect(usersHref(state, { view: 'list', filtersHidden: true })).toBe('/users?q=asha&role=Manager&view=list&filters=hidden&page=2')
    expect(usersHref({ ...state, q: '', role: '' }, { page: 1 })).toBe('/users')
  })

  test('the export carries the search and the role only', () => {
    expect(exportHref(state)).toBe('/users/export?q=asha&role=Manager')
    expect(exportHref({ q: '', role: '' })).toBe('/users/export')
  })
})

describe('rowOf and pageSpan', () => {
  test("a row shows the spec's defaults: role 'User', status 'Active'; the date formatted; the work fields from the profile", () => {
    const user = {
      _id: 'u1',
      email: 'asha@example.com',
      fullName: 'Asha Rao',
      role: '',
      status: '',
      permissions: [],
      emailVerified: true,
      createdAt: '2024-03-05T10:00:00.000Z',
      profile: { permissions: [], professional: { employId: 'E7', role: null, workLocation: null, designation: 'Engineer' } },
    } as unknown as ListedUser
    expect(rowOf(user)).toEqual({
      _id: 'u1',
      fullName: 'Asha Rao',
      email: 'asha@example.com',
      role: 'User',
      status: 'Active',
      joined: '3/5/2024',
      employId: 'E7',
      designation: 'Engineer',
    })
  })

  test('a page number is read from the address: anything else is the first, and none goes past the bound', () => {
    expect(['3', '0', '-2', 'x', '', '1e9'].map((page) => readPage(new URLSearchParams({ page })))).toEqual([3, 1, 1, 1, 1, 1])
    expect(readPage(new URLSearchParams({ page: '999999' }))).toBe(20_000)
  })

  test('the pages line counts from the page, and offers the pages either side only where they exist', () => {
    expect(pageSpan(1, USERS_PAGE_SIZE, 120)).toEqual({ first: 1, last: USERS_PAGE_SIZE, hasPrevious: false, hasNext: true })
    expect(pageSpan(3, 20, 120)).toEqual({ first: 2 * USERS_PAGE_SIZE + 1, last: 2 * USERS_PAGE_SIZE + 20, hasPrevious: true, hasNext: false })
  })
})
