import { COLOURING_COLLECTIONS } from '@lamplight/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { aGalleryItem } from '../../test/fixtures'
import { mockApi, renderPage } from '../../test/render'
import { BIBLE_VERSES_GALLERY, FAITH_GALLERY, GalleryPage, NOAHS_ARK_GALLERY } from './index'

afterEach(() => vi.unstubAllGlobals())

const renderGallery = (
  config: typeof NOAHS_ARK_GALLERY | typeof FAITH_GALLERY | typeof BIBLE_VERSES_GALLERY,
) => renderPage('/gallery', '/gallery', () => <GalleryPage {...config} />)

describe('GalleryPage', () => {
  it('shows the back link, heading, intro and a tile per page', async () => {
    mockApi({ '/api/resources/galleries/noahs-ark': { data: [aGalleryItem(1), aGalleryItem(2)] } })
    renderGallery(NOAHS_ARK_GALLERY)
    expect(screen.getByRole('heading', { level: 1, name: "Noah's Ark Coloring Pages" })).toBeVisible()
    expect(screen.getByText(NOAHS_ARK_GALLERY.intro)).toBeVisible()
    expect(screen.getByRole('link', { name: /Back to Kids Activities/ })).toHaveAttribute(
      'href',
      '/resources/kids-activities-colouring',
    )
    const tiles = await screen.findAllByRole('button', { name: /Ark Page/ })
    expect(tiles.map((t) => t.textContent)).toEqual(['Ark Page 1', 'Ark Page 2'])
    expect(tiles[0]?.querySelector('img')).toHaveAttribute('src', '/api/files/thumbs/g1?v=1&w=400')
  })

  it('opens a tile in a dialog by keyboard, and closing clears it and returns focus to the tile', async () => {
    mockApi({ '/api/resources/galleries/noahs-ark': { data: [aGalleryItem(1), aGalleryItem(2)] } })
    renderGallery(NOAHS_ARK_GALLERY)
    const tile = await screen.findByRole('button', { name: 'Ark Page 2' })
    tile.focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Ark Page 2' })
    expect(within(dialog).getByRole('img', { name: 'Ark Page 2' })).toHaveAttribute('src', '/api/files/f2')
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeVisible()

    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(tile).toHaveFocus()

    await userEvent.keyboard(' ')
    expect(await screen.findByRole('dialog', { name: 'Ark Page 2' })).toBeVisible()
  })

  it('moves between pages inside the dialog with Previous, Next and the arrow keys; focus returns to the last one', async () => {
    mockApi({
      '/api/resources/galleries/noahs-ark': { data: [aGalleryItem(1), aGalleryItem(2), aGalleryItem(3)] },
    })
    renderGallery(NOAHS_ARK_GALLERY)
    await userEvent.click(await screen.findByRole('button', { name: 'Ark Page 1' }))
    let dialog = await screen.findByRole('dialog', { name: 'Ark Page 1' })
    expect(dialog).toHaveTextContent('Page 1 of 3.')

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }))
    dialog = await screen.findByRole('dialog', { name: 'Ark Page 2' })
    expect(within(dialog).getByRole('img', { name: 'Ark Page 2' })).toHaveAttribute('src', '/api/files/f2')
    await userEvent.keyboard('{ArrowRight}')
    dialog = await screen.findByRole('dialog', { name: 'Ark Page 3' })
    // From the last page Next goes round to the first, and ArrowLeft back again.
    await userEvent.keyboard('{ArrowRight}')
    expect(await screen.findByRole('dialog', { name: 'Ark Page 1' })).toBeVisible()
    await userEvent.keyboard('{ArrowLeft}')
    dialog = await screen.findByRole('dialog', { name: 'Ark Page 3' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }))
    expect(await screen.findByRole('dialog', { name: 'Ark Page 2' })).toBeVisible()

    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Ark Page 2' })).toHaveFocus()
  })

  it('offers no Print for a page that is neither an image nor a PDF', async () => {
    const odd = aGalleryItem(3, { mime_type: 'application/zip', filename: 'page.zip' })
    mockApi({ '/api/resources/galleries/noahs-ark': { data: [odd] } })
    renderGallery(NOAHS_ARK_GALLERY)
    await userEvent.click(await screen.findByRole('button', { name: 'Ark Page 3' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByRole('button', { name: 'Print' })).toBeNull()
    // The large picture falls back to the thumbnail.
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/files/thumbs/g3?v=1&w=400')
  })

  it.each([
    [BIBLE_VERSES_GALLERY, 'bible-verses', 'No Bible verses colouring pages found.'],
    [FAITH_GALLERY, 'faith-coloring', 'No faith coloring pages found.'],
    [NOAHS_ARK_GALLERY, 'noahs-ark', "No Noah's Ark coloring pages found."],
  ])('says when $1 is empty', async (config, key, message) => {
    mockApi({ [`/api/resources/galleries/${key}`]: { data: [] } })
    renderGallery(config)
    expect(await screen.findByText(message)).toBeVisible()
  })

  it('is called what search calls it, so a found collection leads to the page it names', () => {
    expect(BIBLE_VERSES_GALLERY.title).toBe(COLOURING_COLLECTIONS['bible-verses'].title)
    expect(FAITH_GALLERY.title).toBe(COLOURING_COLLECTIONS['faith-coloring'].title)
    expect(NOAHS_ARK_GALLERY.title).toBe(COLOURING_COLLECTIONS['noahs-ark'].title)
  })
})
