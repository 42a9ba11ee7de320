import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { aResourceDetail } from '../../test/fixtures'
import { mockApi, renderPage } from '../../test/render'
import { PRINT_PAGE_CSS, PrintViewPage } from './print-view-page'

const renderPrint = (slug: string) =>
  renderPage('/resources/print/:slug', `/resources/print/${slug}`, PrintViewPage)

afterEach(() => vi.unstubAllGlobals())

describe('PrintViewPage', () => {
  it('shows the top bar, then title, description and every file with its caption', async () => {
    mockApi({ '/api/resources/item/ark-maze': { data: aResourceDetail() } })
    const { container } = renderPrint('ark-maze')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ark Maze' })).toBeVisible()
    expect(screen.getByText('Help the animals find their way into the ark.')).toBeVisible()

    const back = screen.getByRole('link', { name: 'Back to Resource' })
    expect(back).toHaveAttribute('href', '/resources/item/ark-maze')
    expect(back.closest('[data-print-hidden]')).not.toBeNull()
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible()

    expect(screen.getByRole('img', { name: 'Ark Maze: ark-maze.png' })).toHaveAttribute(
      'src',
      '/api/files/file-png',
    )
    expect(screen.getByTitle('ark-maze-booklet.pdf (PDF)')).toHaveAttribute('src', '/api/files/file-pdf')
    expect(screen.getByText('ark-maze-booklet.pdf · 4 pages')).toBeVisible()
    expect(screen.getByText("This file can't be shown here. Use Download to open it.")).toBeVisible()

    expect(container.querySelector('style')?.textContent).toBe(PRINT_PAGE_CSS)
    expect(PRINT_PAGE_CSS).toContain('@page { size: letter; margin: 0.5in; }')
  })

  it('has no Download button when there is no file', async () => {
    mockApi({ '/api/resources/item/bare': { data: aResourceDetail({ slug: 'bare', files: [] }) } })
    renderPrint('bare')
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull()
  })

  it('shows Resource Not Found for an unknown slug', async () => {
    mockApi({})
    renderPrint('nope')
    expect(await screen.findByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible()
  })
})
