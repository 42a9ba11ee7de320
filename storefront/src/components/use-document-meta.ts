import { useEffect } from 'react'

export const SITE_NAME = 'Lamplight Puzzle Co.'

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = 'description'
    document.head.appendChild(tag)
  }
  return tag
}

/**
 * Sets this page's document title (`${title} | Lamplight Puzzle Co.`) and meta description,
 * and puts the previous description back when the page goes away.
 */
export function useDocumentMeta(title: string, description: string) {
  const fullTitle = `${title} | ${SITE_NAME}`
  useEffect(() => {
    const tag = descriptionTag()
    const previous = tag.content
    const apply = () => {
      document.title = fullTitle
      tag.content = description
    }
    apply()
    // The shell sets the route map's title in its own effect, which runs after ours when the
    // shell and this page mount in the same commit; set ours again once that has happened.
    let active = true
    queueMicrotask(() => {
      if (active) apply()
    })
    return () => {
      active = false
      tag.content = previous
    }
  }, [fullTitle, description])
}
