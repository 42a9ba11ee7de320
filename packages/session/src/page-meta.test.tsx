import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type PageMeta, useFallbackPageMeta, usePageMeta } from './page-meta'

function Shell({ route, children }: { route: string; children?: React.ReactNode }) {
  useFallbackPageMeta({ title: route })
  return <>{children}</>
}
function Page({ meta }: { meta: PageMeta | null }) {
  usePageMeta(meta)
  return null
}
const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content

describe('page meta', () => {
  it('lets the page win over the shell whatever order their effects run in', () => {
    // The page's effect runs before its parent's (the shell's): the page must still win.
    const view = render(
      <Shell route="Resource">
        <Page meta={{ title: 'Noah’s Ark Maze', description: 'A maze for ages 4-7.' }} />
      </Shell>,
    )
    expect(document.title).toBe('Noah’s Ark Maze | Lamplight Puzzle Co.')
    expect(description()).toBe('A maze for ages 4-7.')
    view.rerender(<Shell route="Shop" />)
    expect(document.title).toBe('Shop | Lamplight Puzzle Co.')
    view.unmount()
  })

  it('keeps the route title while the page is still loading', () => {
    const view = render(
      <Shell route="Resource Category">
        <Page meta={null} />
      </Shell>,
    )
    expect(document.title).toBe('Resource Category | Lamplight Puzzle Co.')
    view.rerender(
      <Shell route="Resource Category">
        <Page meta={{ title: 'Teaching Resources' }} />
      </Shell>,
    )
    expect(document.title).toBe('Teaching Resources | Lamplight Puzzle Co.')
    view.unmount()
  })
})
