const BASE = 'http://same-site.invalid'

/**
 * A path on this site that is safe to send someone to after signing in, verifying an email
 * or resetting a password, or null. Refused: other sites (`//host`, `/\host`, `/.//host`,
 * schemes), and anything with whitespace, control characters or backslashes, encoded or
 * not (`/%09/host` reaches a browser as `//host`).
 */
export function safeSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048 || !value.startsWith('/')) return null
  let decoded = value
  // Decode repeatedly: `%2509` is `%09` once decoded, a tab twice.
  for (let i = 0; i < 3; i += 1) {
    try {
      const next = decodeURIComponent(decoded)
      if (next === decoded) break
      decoded = next
    } catch {
      return null
    }
  }
  for (const text of [value, decoded]) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    if (/[\u0000-\u001f\u007f\s\\]/.test(text) || /^\/[/\\]/.test(text)) return null
  }
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null
  return `${url.pathname}${url.search}${url.hash}`
}
