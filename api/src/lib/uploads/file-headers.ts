/** Headers of every answer that carries an uploaded file (issue 29). */

/**
 * An uploaded file opened on its own is a document of its own: sandboxed (a unique origin,
 * no scripts, no forms, no popups; Chromium's PDF viewer still renders it, in the print
 * view's frame too) and allowed to load nothing. The site's policy would otherwise apply.
 * X-Content-Type-Options: nosniff is on every answer already (secureHeaders in app.ts).
 */
export const FILE_CSP = "sandbox; default-src 'none'; frame-ancestors 'self'"

/**
 * Public files and thumbnails may be kept by a shared cache for a minute at most, then
 * revalidated (ETag, 304): unpublishing a resource makes its files 404 everywhere within
 * that minute (decision 033).
 */
export const FILE_MAX_AGE_SECONDS = 60
export const FILE_CACHE_CONTROL = `public, max-age=${FILE_MAX_AGE_SECONDS}, s-maxage=${FILE_MAX_AGE_SECONDS}, must-revalidate`
