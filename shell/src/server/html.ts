import type { Stylesheet } from './remotes'
import { SERVER_STATE_ID } from './state'

/** Tags React 19 hoists out of the tree; rendered without `<html>`, it writes them first. */
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\s[^>]*>|<link\s[^>]*>)/

/** Splits React's output into the leading hoisted metadata and the body markup. */
export function splitHoisted(rendered: string): { head: string; body: string } {
  let rest = rendered
  let head = ''
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head += match[0]
    rest = rest.slice(match[0].length)
  }
  return { head, body: rest }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** JSON inside a script element: `<` escaped so no `</script>` or `<!--` can end or confuse it. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * The shell's built index.html with the rendered page in `#root`: the page's metadata
 * replaces the template's title and description in `<head>`, the owning remote's
 * stylesheets are linked there (so the page paints styled, with or without scripts), and
 * the query data the page was rendered with follows as JSON (not a script that runs: the
 * Content-Security-Policy allows no inline script).
 */
export function documentHtml({
  template,
  rendered,
  fallbackTitle,
  stylesheets,
  state,
  publicOrigin,
  structuredData = [],
}: {
  template: string
  rendered: string
  fallbackTitle: string
  stylesheets: Stylesheet[]
  state: unknown
  /** The origin the page was rendered with: the browser hydrates with the same one. */
  publicOrigin: string
  /**
   * schema.org data for the page that no component of it renders (the home page's
   * Organization and WebSite): written into `<head>` here, so the browser's first load of
   * the page does not carry the code that builds it.
   */
  structuredData?: unknown[]
}): string {
  const { head, body } = splitHoisted(rendered)
  // Every replacement below is a function: a string replacement expands `$\``, `$&`, `$'`
  // and `$$`, and the page's text (a search, a resource's title, the address) is anyone's.
  let html = template
  const title = /<title>/.test(head) ? '' : `<title>${escapeHtml(fallbackTitle)}</title>`
  html = html.replace(/<title>[\s\S]*?<\/title>/, () => title)
  if (/<meta\s+name="description"/.test(head))
    html = html.replace(/<meta\s+name="description"[^>]*>/, () => '')
  // `data-href` is the name the remote's CSS chunk loader looks for before it links a chunk's
  // stylesheet: with it, the browser adopts the link the server wrote instead of adding a
  // second <link> for the same file (its loader compares its own unnormalised URL,
  // `<entry dir>/../../static/css/...`, which never equals ours).
  const links = stylesheets
    .map(
      ({ href, asset }) =>
        `<link rel="stylesheet" href="${escapeHtml(href)}" data-href="${escapeHtml(asset)}">`,
    )
    .join('')
  const jsonLd = structuredData
    .map((data) => `<script type="application/ld+json">${scriptJson(data).replace(/>/g, '\\u003e')}</script>`)
    .join('')
  html = html.replace('</head>', () => `${head}${links}${jsonLd}</head>`)
  const root = /<div id="root"><\/div>/
  if (!root.test(html)) throw new Error('The shell template has no empty #root')
  return html.replace(
    root,
    () =>
      `<div id="root">${body}</div><script type="application/json" id="${SERVER_STATE_ID}" data-origin="${escapeHtml(publicOrigin)}">${scriptJson(state)}</script>`,
  )
}
