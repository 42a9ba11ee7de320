import type { PrefetchLocation } from '@lamplight/remote'

/** The origin the head and server-render tests configure: canonical links must be built from it. */
export const TEST_PUBLIC_ORIGIN = 'https://shop.example'

/** `/path?query` as the `prefetch` of a remote's `./routes` receives it. */
export function locationOf(url: string): PrefetchLocation {
  const [pathname = '', query] = url.split('?')
  return { pathname, search: query ? `?${query}` : '' }
}
