import { createContext, type ReactNode, use } from 'react'

export const SITE_NAME = 'Lamplight Puzzle Co.'

export const formatTitle = (title: string) =>
  title.startsWith(SITE_NAME) || title.endsWith(`| ${SITE_NAME}`) ? title : `${title} | ${SITE_NAME}`

/**
 * The site's public address (`PUBLIC_URL`), for canonical links and Open Graph URLs. The shell
 * provides it from its configuration, on the server and in the browser alike, so both render
 * the same links (no hydration mismatch) and neither trusts the Host header a request came
 * with. Without a provider the links are root-relative: the browser resolves them against
 * the page it is on.
 */
const PublicOriginContext = createContext('')

export function PublicOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <PublicOriginContext value={normaliseOrigin(origin)}>{children}</PublicOriginContext>
}

export const usePublicOrigin = () => use(PublicOriginContext)

/** `https://shop.example/` → `https://shop.example`; anything that is not an http(s) origin → ''. */
export function normaliseOrigin(origin: string): string {
  try {
    const url = new URL(origin)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : ''
  } catch {
    return ''
  }
}

/** A path (or an absolute URL, kept as it is) on the public origin. */
export function publicUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`
}

/**
 * Free text (a resource's description, a category's) as a meta description: one line, cut at
 * a word near `max` characters, which is about what a search result shows.
 */
export function summarise(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`
}

export type PageMetaProps = {
  /** The page's own title; ` | Lamplight Puzzle Co.` is added (the home page passes its full title). */
  title: string
  description?: string
  /**
   * The page's canonical path, without query or hash (`/resources/teaching-resources`). Public
   * pages give it and get a canonical link and Open Graph tags; private screens leave it out.
   */
  path?: string
  /** An image for link previews: a path on our origin or an absolute URL. */
  image?: string | null
  /** Open Graph type: `website` unless the page is about one product or one article. */
  type?: 'website' | 'product' | 'article'
}

/**
 * A page's `<head>`: React 19 hoists these elements into the document head, in the browser
 * and in a server render alike. Render exactly one per page, in every state of it (loading,
 * not found, loaded): the document shows the first `<title>` it has.
 */
export function PageMeta({ title, description, path, image, type = 'website' }: PageMetaProps) {
  const origin = usePublicOrigin()
  const fullTitle = formatTitle(title)
  const url = path === undefined ? undefined : publicUrl(origin, path)
  const imageUrl = image ? publicUrl(origin, image) : undefined
  return (
    <>
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
      {url ? (
        <>
          <link rel="canonical" href={url} />
          <meta property="og:site_name" content={SITE_NAME} />
          <meta property="og:title" content={fullTitle} />
          {description ? <meta property="og:description" content={description} /> : null}
          <meta property="og:url" content={url} />
          <meta property="og:type" content={type} />
          {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
          {/* X and others read Open Graph for the rest; the card's size is theirs alone. */}
          <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
        </>
      ) : null}
    </>
  )
}

/**
 * JSON as it may stand inside a `<script>` element: `<` is written `\u003c`, so data that
 * contains `</script>` or `<!--` cannot end the element or open a comment; U+2028 and U+2029
 * are escaped for old parsers. The JSON means the same.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** Structured data (schema.org) for search engines: a `<script type="application/ld+json">`. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: scriptSafeJson escapes every `<`, so the text cannot close the element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />
}
