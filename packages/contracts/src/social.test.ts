import { describe, expect, it } from 'vitest'
import { socialProfiles } from './social'

describe('socialProfiles', () => {
  it('lists only the networks with an address, in a fixed order', () => {
    expect(
      socialProfiles({
        PUBLIC_YOUTUBE_URL: 'https://youtube.com/@lamplight',
        PUBLIC_FACEBOOK_URL: ' https://facebook.com/lamplight ',
      }),
    ).toEqual([
      { name: 'Facebook', url: 'https://facebook.com/lamplight' },
      { name: 'YouTube', url: 'https://youtube.com/@lamplight' },
    ])
  })

  it('shows none when none is configured, and ignores what is not a web address', () => {
    expect(socialProfiles({})).toEqual([])
    expect(socialProfiles({ PUBLIC_INSTAGRAM_URL: '#', PUBLIC_FACEBOOK_URL: 'javascript:alert(1)' })).toEqual(
      [],
    )
  })
})
