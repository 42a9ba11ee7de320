/**
 * Our social profiles. Each is set at build time (`PUBLIC_FACEBOOK_URL`,
 * `PUBLIC_INSTAGRAM_URL`, `PUBLIC_YOUTUBE_URL`); a network with no address set is not
 * shown at all, so no button ever leads nowhere.
 */
export const SOCIAL_NETWORKS = [
  { name: 'Facebook', env: 'PUBLIC_FACEBOOK_URL' },
  { name: 'Instagram', env: 'PUBLIC_INSTAGRAM_URL' },
  { name: 'YouTube', env: 'PUBLIC_YOUTUBE_URL' },
] as const

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['name']
export type SocialProfile = { name: SocialNetwork; url: string }

const buildEnv = (): Record<string, string | undefined> =>
  (import.meta as { env?: Record<string, string | undefined> }).env ?? {}

/** The configured profiles, in a fixed order; only http(s) addresses count. */
export function socialProfiles(env: Record<string, string | undefined> = buildEnv()): SocialProfile[] {
  const profiles: SocialProfile[] = []
  for (const network of SOCIAL_NETWORKS) {
    const url = env[network.env]?.trim()
    if (url && /^https?:\/\/[^\s/]+/i.test(url)) profiles.push({ name: network.name, url })
  }
  return profiles
}
