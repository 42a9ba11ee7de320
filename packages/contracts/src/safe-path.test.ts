import { describe, expect, it } from 'vitest'
import { safeSitePath } from './safe-path'

describe('safeSitePath', () => {
  it.each([
    ['/', '/'],
    ['/shop', '/shop'],
    ['/puzzle/scroll-of-antioch?step=2#top', '/puzzle/scroll-of-antioch?step=2#top'],
    ['/resources/item/noah%27s-ark', '/resources/item/noah%27s-ark'],
  ])('keeps %s', (input, expected) => expect(safeSitePath(input)).toBe(expected))

  it.each([
    '//evil.example/',
    '/\\evil.example/',
    '/.//evil.example/',
    '/./\\evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0d/evil.example',
    '/%2509/evil.example',
    '/%2F/evil.example',
    '/%5C/evil.example',
    '/\t/evil.example',
    '/ /evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/%zz',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (input) => expect(safeSitePath(input)).toBeNull())
})
