import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { aResourceDetail } from '../../test/fixtures'
import { mockApi, renderPage } from '../../test/render'
import { ResourceDetailPage } from './resource-detail-page'

const renderDetail = (slug: string) =>
  renderPage('/resources/item/:slug', `/resources/item/${slug}`, ResourceDetailPage)

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('ResourceDetailPage', () => {
  it('tells a failed load from a missing resource, and loads again on Retry', async () => {
    let healthy = false
    mockApi({
      '/api/resources/item/ark-maze': () =>
        healthy
          ? Response.json({ data: aResourceDetail() })
          : Response.json({ error: { code: 'internal_error', message: 'Down' } }, { status: 500 }),
    })
    renderDetail('ark-maze')
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page')
    expect(screen.queryByText('Resource Not Found')).toBeNull()
    healthy = true
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Ark Maze' })).toBeVisible()
  })

  it('shows Loading resource..., then the breadcrumb, badges, preview, count and files', async () => {
    mockApi({ '/api/resources/item/ark-maze': { data: aResourceDetail() } })
    renderDetail('ark-maze')
    expect(screen.getByRole('status')).toHaveTextContent('Loading resource...')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ark Maze' })).toBeVisible()

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/resources')
    expect(within(crumbs).getByRole('link', { name: 'Games & Puzzles' })).toHaveAttribute(
      'href',
      '/resources/games-puzzles',
    )
    expect(within(crumbs).getByText('Ark Maze')).toHaveAttribute('aria-current', 'page')
    const details = screen.getByRole('list', { name: 'Details' })
    expect(details).toHaveTextContent('6-9')
    expect(details).toHaveTextContent('Genesis 7:1')
    expect(details).toHaveTextContent('Flood')

    // A WebP srcset the API makes at the contract's widths, and the shape reserved before it loads.
    const preview = screen.getByRole('img', { name: 'Preview of Ark Maze' })
    expect(preview).toHaveAttribute('src', '/api/files/thumbs/id-ark-maze?v=1&w=400')
    expect(preview).toHaveAttribute(
      'srcset',
      '/api/files/thumbs/id-ark-maze?v=1&w=240 240w, /api/files/thumbs/id-ark-maze?v=1&w=400 400w, /api/files/thumbs/id-ark-maze?v=1&w=600 600w',
    )
    expect(preview).toHaveAttribute('sizes')
    expect([preview.getAttribute('width'), preview.getAttribute('height')]).toEqual(['600', '800'])
    // The page's largest paint: fetched at once and ahead of the scripts.
    expect(preview).toHaveAttribute('loading', 'eager')
    expect(preview).toHaveAttribute('fetchpriority', 'high')
    expect(screen.getByRole('link', { name: 'Print View' })).toHaveAttribute(
      'href',
      '/resources/print/ark-maze',
    )
    expect(screen.getByTestId('download-count')).toHaveTextContent('12')

    const rows = within(
      screen.getByRole('heading', { name: 'Download Files' }).closest('[data-slot="card"]') as HTMLElement,
    ).getAllByRole('listitem')
    expect(rows).toHaveLength(3)
    const [png, pdf, zip] = rows as [HTMLElement, HTMLElement, HTMLElement]
    expect(png).toHaveTextContent('ark-maze.png')
    expect(png).toHaveTextContent('1.5 KB')
    expect(within(png).getByText('Image')).toBeInTheDocument()
    expect(pdf).toHaveTextContent('2.5 MB · 4 pages')
    expect(within(pdf).getByText('PDF')).toBeInTheDocument()
    expect(zip).toHaveTextContent('900 Bytes')
    expect(within(zip).getByText('File')).toBeInTheDocument()
    // Download for every file; Print for images and PDFs only.
    expect(within(png).getByRole('button', { name: 'Download ark-maze.png' })).toBeVisible()
    expect(within(png).getByRole('button', { name: 'Print ark-maze.png' })).toBeVisible()
    expect(within(pdf).getByRole('button', { name: 'Print ark-maze-booklet.pdf' })).toBeVisible()
    expect(within(zip).getByRole('button', { name: 'Download extras.zip' })).toBeVisible()
    expect(within(zip).queryByRole('button', { name: /Print/ })).toBeNull()
    expect(document.title).not.toBe('')
  })

  it('shows Resource Not Found with the way back for a missing or unpublished slug', async () => {
    mockApi({})
    renderDetail('secret-draft')
    expect(await screen.findByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to Resources' })).toHaveAttribute('href', '/resources')
  })

  it('has no preview or Print View without a thumbnail, and says when there are no files', async () => {
    mockApi({
      '/api/resources/item/bare': { data: aResourceDetail({ slug: 'bare', thumb_url: null, files: [] }) },
    })
    renderDetail('bare')
    expect(await screen.findByText('No files available')).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'Preview' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Print View' })).toBeNull()
  })

  it('downloads through the counted URL and shows the new count', async () => {
    let downloads = 12
    const fetchMock = mockApi({
      '/api/resources/item/ark-maze': () => Response.json({ data: aResourceDetail({ downloads }) }),
      '/api/files/file-png/download': () => {
        downloads += 1
        return new Response('png', { headers: { 'Content-Type': 'image/png' } })
      },
    })
    URL.createObjectURL = vi.fn(() => 'blob:x')
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderDetail('ark-maze')
    await userEvent.click(await screen.findByRole('button', { name: 'Download ark-maze.png' }))
    expect(await screen.findByText('13')).toBeVisible()
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/files/file-png/download')
  })
})
