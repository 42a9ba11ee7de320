import { describe, expect, it } from 'vitest'
import { safeRedirect, signInPath } from './safe-redirect'

describe('safeRedirect', () => {
  it.each([
    ['/puzzle/scroll-of-antioch', '/puzzle/scroll-of-antioch'],
    ['/admin/orders?page=2', '/admin/orders?page=2'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/auth', '/'],
    ['/auth?redirect=/x', '/'],
    ['/auth/reset-password', '/'],
    ['javascript:alert(1)', '/'],
    ['/%09/evil.example', '/'],
    ['/%0a/evil.example', '/'],
    ['/%0d/evil.example', '/'],
    ['/.//evil.example/', '/'],
    ['/%2F%2Fevil.example', '/'],
  ])('%s → %s', (value, expected) => expect(safeRedirect(value)).toBe(expected))

  it('builds the bounce URL', () => {
    expect(signInPath('/admin/orders?page=2')).toBe('/auth?redirect=%2Fadmin%2Forders%3Fpage%3D2')
  })
})
