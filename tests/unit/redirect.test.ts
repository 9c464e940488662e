import { describe, expect, test } from 'vitest'
import { safeRedirect } from '#app/lib/redirect'

describe('safeRedirect: the one gate for redirect targets taken from a request', () => {
  test.each(['/', '/dashboard', '/users?q=a%20b&role=PMO', '/users/abc/profile?edit=1', '/personal-details#top'])('a path on this site is kept: %j', (path) => {
    expect(safeRedirect(path)).toBe(path)
  })

  test.each([
    ['another site', '//evil.test'],
    ['a backslash read as a slash', '/\\evil.test'],
    ['a tab the browser drops', '/\t/evil.test'],
    ['a newline', '/%0A'.replace('%0A', '\n') + 'x'],
    ['a carriage return', '/a\rb'],
    ['a NUL', '/a\u0000'],
    ['an ideographic space', '/\u3000/evil.test'],
    ['a no-break space', '/a\u00a0b'],
    ['a C1 control', '/a\u0085b'],
    ['an absolute URL', 'https://evil.test/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['nothing', ''],
  ])('%s falls back', (_, target) => {
    expect(safeRedirect(target)).toBe('/')
    expect(safeRedirect(target, '/dashboard')).toBe('/dashboard')
  })

  test('a value that is not text (a file in a form) falls back', () => {
    expect(safeRedirect(null)).toBe('/')
    expect(safeRedirect(undefined, '')).toBe('')
    expect(safeRedirect(new File(['x'], 'x.txt'))).toBe('/')
  })
})
