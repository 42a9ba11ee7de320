import { render } from '@testing-library/react'
import { useEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { useDocumentMeta } from './use-document-meta'

function Page({ title, description }: { title: string; description: string }) {
  useDocumentMeta(title, description)
  return null
}

/** Stands in for the shell: it sets the route map's title in an effect of its own, above the page. */
function Shell({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    document.title = 'Home | Lamplight Puzzle Co.'
  }, [])
  return <>{children}</>
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content')

describe('useDocumentMeta', () => {
  it('sets the title and creates the description tag', async () => {
    render(<Page title="Our Story" description="How we began." />)
    expect(document.title).toBe('Our Story | Lamplight Puzzle Co.')
    expect(description()).toBe('How we began.')
  })

  it('wins over a title the shell sets in the same commit', async () => {
    render(
      <Shell>
        <Page title="Frequently Asked Questions" description="Answers." />
      </Shell>,
    )
    await Promise.resolve()
    expect(document.title).toBe('Frequently Asked Questions | Lamplight Puzzle Co.')
  })

  it('updates an existing description tag and restores it on unmount', () => {
    const tag = document.head.querySelector('meta[name="description"]') as HTMLMetaElement
    tag.content = 'The site.'
    const { unmount } = render(<Page title="Contact Us" description="Write to us." />)
    expect(description()).toBe('Write to us.')
    unmount()
    expect(description()).toBe('The site.')
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
  })
})
