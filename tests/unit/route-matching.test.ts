/**
 * The server's route matching, with patches/@remix-run+router+1.23.3.patch applied (the ranked
 * branches kept per route tree, a route's pattern compiled once). Node loads the patched build
 * here, as the web process does. The tree has the app's shapes: pathless layouts, an index, a
 * dynamic segment, resource routes and the catch-all that sends unknown paths to /login.
 */
import { matchPath, matchRoutes, type AgnosticRouteObject } from '@remix-run/router'
import { describe, expect, it } from 'vitest'

const tree = (): AgnosticRouteObject[] => [
  {
    id: 'root',
    path: '',
    children: [
      { id: '_index', index: true },
      { id: '_auth', children: [{ id: '_auth.login', path: 'login' }, { id: '_auth.signup', path: 'signup' }] },
      {
        id: '_app',
        children: [
          { id: '_app.dashboard', path: 'dashboard' },
          { id: '_app.users._index', path: 'users', index: true },
          { id: '_app.users.$userId.profile', path: 'users/:userId/profile' },
        ],
      },
      { id: 'users.export', path: 'users/export' },
      { id: '$', path: '*' },
    ],
  },
]

const ids = (routes: AgnosticRouteObject[], pathname: string) => matchRoutes(routes, pathname)?.map((match) => match.route.id)

describe('route matching on the server', () => {
  it('finds the same routes on every request for the same tree', () => {
    const routes = tree()
    for (let round = 0; round < 3; round++) {
      expect(ids(routes, '/login')).toEqual(['root', '_auth', '_auth.login'])
      expect(ids(routes, '/dashboard')).toEqual(['root', '_app', '_app.dashboard'])
      expect(ids(routes, '/')).toEqual(['root', '_index'])
      expect(ids(routes, '/users/export')).toEqual(['root', 'users.export'])
      expect(ids(routes, '/nowhere/at/all')).toEqual(['root', '$'])
    }
  })

  it("gives each request its own path's parameters", () => {
    const routes = tree()
    expect(matchRoutes(routes, '/users/u-1/profile')?.at(-1)?.params).toEqual({ userId: 'u-1' })
    expect(matchRoutes(routes, '/users/u-2/profile')?.at(-1)?.params).toEqual({ userId: 'u-2' })
    expect(matchRoutes(routes, '/a/b')?.at(-1)?.params).toEqual({ '*': 'a/b' })
  })

  it('matches each tree by its own routes, not by one it matched before', () => {
    const first = tree()
    const second: AgnosticRouteObject[] = [{ id: 'other', path: 'dashboard' }]
    expect(ids(first, '/dashboard')).toEqual(['root', '_app', '_app.dashboard'])
    expect(ids(second, '/dashboard')).toEqual(['other'])
    expect(ids(second, '/login')).toBeUndefined()
    expect(ids(first, '/login')).toEqual(['root', '_auth', '_auth.login'])
  })

  it('keeps case sensitivity and whole-path matching apart for one pattern', () => {
    expect(matchPath({ path: '/users', caseSensitive: false, end: true }, '/USERS')).not.toBeNull()
    expect(matchPath({ path: '/users', caseSensitive: true, end: true }, '/USERS')).toBeNull()
    expect(matchPath({ path: '/users', caseSensitive: true, end: true }, '/users/export')).toBeNull()
    expect(matchPath({ path: '/users', caseSensitive: true, end: false }, '/users/export')?.pathnameBase).toBe('/users')
  })
})
