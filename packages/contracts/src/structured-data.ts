/**
 * schema.org structured data that is plain values (issue 39 item 7): built by the page that
 * needs it, so no other page carries it. URLs are absolute: the caller passes them built
 * from the configured public origin, never from a request's Host.
 */

/** A BreadcrumbList: the trail from the home page to this page, the last item this page. */
export function breadcrumbJsonLd(trail: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  }
}

/**
 * The home page's Organization (who runs the shop, its profiles) and WebSite (its name, and
 * the resource search as the site's search box in results).
 */
export function siteJsonLd({ origin, name, sameAs }: { origin: string; name: string; sameAs: string[] }) {
  const home = `${origin}/`
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name,
      url: home,
      ...(sameAs.length ? { sameAs } : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/resources?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ]
}
