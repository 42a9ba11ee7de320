/** A test client's cookies, name to value, as a browser keeps them. */
export type CookieJar = Map<string, string>

/** The Cookie header a browser would send with this jar, or undefined when it is empty. */
export function cookieHeader(jar: CookieJar): string | undefined {
  return jar.size ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined
}

/** Keeps the answer's cookies in the jar the way a browser does: an expired or emptied one is dropped. */
export function keepCookies(jar: CookieJar, res: Response) {
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(';')
    const [name, ...value] = (pair ?? '').split('=')
    if (!name) continue
    if (/max-age=0/i.test(cookie) || value.join('=') === '') jar.delete(name.trim())
    else jar.set(name.trim(), value.join('='))
  }
}
