import { describe, expect, it } from 'vitest'
import { isCurrent } from './nav-links'

describe('isCurrent', () => {
  it.each([
    ['/', '/', true],
    ['/about', '/', false],
    ['/about', '/about', true],
    ['/resources/games-puzzles', '/resources', true],
    ['/resources-old', '/resources', false],
    ['/experiences', '/experiences#pilgrims-cipher', true],
  ])('%s is current for %s: %s', (pathname, href, expected) => {
    expect(isCurrent(pathname, href)).toBe(expected)
  })
})
