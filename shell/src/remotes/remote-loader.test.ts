import { describe, expect, it } from 'vitest'
import { parseRemotesConfig } from './remote-loader'

describe('parseRemotesConfig', () => {
  it('keeps known remotes with a location and drops the rest', () => {
    expect(
      parseRemotesConfig({
        storefront: ' /apps/storefront/mf-manifest.json ',
        'admin-app': 'https://admin.example.com/mf-manifest.json',
        'puzzle-app': '',
        'resources-app': 42,
        evil: 'https://evil.example.com/mf-manifest.json',
      }),
    ).toEqual({
      storefront: '/apps/storefront/mf-manifest.json',
      'admin-app': 'https://admin.example.com/mf-manifest.json',
    })
  })

  it.each([null, 'x', [1], 3])('refuses %j', (value) => {
    expect(() => parseRemotesConfig(value)).toThrow('The remotes configuration is malformed')
  })
})
