import { render } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { NotFoundStatus, type PageStatus, PageStatusProvider } from './page-status'

describe('NotFoundStatus', () => {
  it('tells the server render the page is "not found", and search engines not to index it', () => {
    const status: PageStatus = { notFound: false }
    const html = renderToString(
      <PageStatusProvider status={status}>
        <h1>Resource Not Found</h1>
        <NotFoundStatus />
      </PageStatusProvider>,
    )
    expect(status.notFound).toBe(true)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  it('leaves the status alone on a page that does not render it', () => {
    const status: PageStatus = { notFound: false }
    renderToString(
      <PageStatusProvider status={status}>
        <h1>Teaching Resources</h1>
      </PageStatusProvider>,
    )
    expect(status.notFound).toBe(false)
  })

  it('in the browser (no provider): only the noindex meta, in the head, gone with the page', () => {
    const view = render(<NotFoundStatus />)
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    expect(view.container.querySelector('meta')).toBeNull()
    view.unmount()
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
  })
})
