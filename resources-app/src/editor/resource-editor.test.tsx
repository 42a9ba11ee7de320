import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useParams } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { locationNow, mockApi, renderPage } from '../test/render'
import { ResourceEditor } from './resource-editor'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const CATEGORY = '11111111-1111-4111-8111-111111111111'
const ID = '22222222-2222-4222-8222-222222222222'
const options = {
  categories: [{ id: CATEGORY, name: 'Teaching Resources', slug: 'teaching-resources' }],
  age_ranges: ['3-5', '6-10'],
  tags: ['Bible', 'Crafts'],
}
const saved = (body: Record<string, unknown>) => ({
  data: {
    id: ID,
    thumb_url: null,
    updated_at: '2026-11-23T10:00:00.000Z',
    files: [],
    ...body,
  },
})

function EditPage() {
  const { id } = useParams()
  return <ResourceEditor resourceId={id} />
}

describe('ResourceEditor', () => {
  it('makes the slug from the title, picks tags whatever their case, saves a draft and moves to the edit screen', async () => {
    let sent: Record<string, unknown> | null = null
    mockApi({
      '/api/admin/resources/options': options,
      '/api/admin/resources/slug-available': (url: URL) =>
        Response.json({ slug: url.searchParams.get('slug'), available: true }),
      '/api/admin/resources': (_url: URL, init?: RequestInit) => {
        sent = JSON.parse(String(init?.body))
        return Response.json(saved(sent!), { status: 201 })
      },
    })
    renderPage('/admin/resources/new', '/admin/resources/new', () => <ResourceEditor />)
    const user = userEvent.setup()
    // A library resource may not take a gallery's prefix (it would vanish from the listings).
    await user.type(await screen.findByLabelText('Title'), "Noah's Ark: Animals Two by Two")
    expect(screen.getByLabelText('Slug')).toHaveValue('animals-two-by-two')
    await user.clear(screen.getByLabelText('Title'))
    await user.type(screen.getByLabelText('Title'), 'Animals: Two by Two!')
    expect(screen.getByLabelText('Slug')).toHaveValue('animals-two-by-two')
    expect(await screen.findByText('Available', {}, { timeout: 2000 })).toBeVisible()

    // A gallery puts its prefix on the slug; back to none takes it off.
    await user.selectOptions(screen.getByLabelText('Gallery'), "Noah's Ark gallery")
    expect(screen.getByLabelText('Slug')).toHaveValue('noahs-ark-animals-two-by-two')
    await user.selectOptions(screen.getByLabelText('Gallery'), 'None: a resource in the library')
    expect(screen.getByLabelText('Slug')).toHaveValue('animals-two-by-two')

    await user.selectOptions(screen.getByLabelText('Category'), 'Teaching Resources')
    const tags = screen.getByRole('combobox', { name: 'Tags' })
    await user.type(tags, 'bible{Enter}')
    await user.type(tags, 'Rainbow{Enter}')
    await user.type(tags, 'BIBLE{Enter}')
    const chosen = screen.getByRole('list', { name: 'Chosen tags' })
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bible', 'Rainbow'])

    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(sent).not.toBeNull())
    expect(sent).toMatchObject({
      title: 'Animals: Two by Two!',
      slug: 'animals-two-by-two',
      category_id: CATEGORY,
      tags: ['Bible', 'Rainbow'],
      published: false,
      gallery: null,
      age_range: null,
    })
    // A toast fades in: it is in the page a moment before it is visible.
    await waitFor(() => expect(screen.getByText('Draft saved')).toBeVisible())
    await waitFor(() => expect(locationNow()).toBe(`/admin/resources/${ID}/edit`))
  }, 60_000)

  it('adds exactly the tag typed on Enter, even when a tag in use contains it; the arrows or a click pick a suggestion', async () => {
    mockApi({
      '/api/admin/resources/options': { ...options, tags: ['Crossword', 'Crafts', 'Cross and Sunrise'] },
    })
    renderPage('/admin/resources/new', '/admin/resources/new', () => <ResourceEditor />)
    const user = userEvent.setup()
    const tags = await screen.findByRole('combobox', { name: 'Tags' })
    const chosen = () =>
      within(screen.getByRole('list', { name: 'Chosen tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent)

    await user.type(tags, 'cross')
    const list = screen.getByRole('listbox', { name: 'Tags' })
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Create "cross"', 'Crossword', 'Cross and Sunrise'])
    await user.keyboard('{Enter}')
    expect(chosen()).toEqual(['cross'])

    await user.type(tags, 'CROSSWORD{Enter}')
    expect(chosen()).toEqual(['cross', 'Crossword'])

    await user.type(tags, 'cr{ArrowDown}{Enter}')
    expect(chosen()).toEqual(['cross', 'Crossword', 'Crafts'])

    await user.type(tags, 'sun')
    await user.click(screen.getByRole('option', { name: 'Cross and Sunrise' }))
    expect(chosen()).toEqual(['cross', 'Crossword', 'Crafts', 'Cross and Sunrise'])
  }, 30_000)

  it('shows the form errors of the shared schema and a taken slug from the server', async () => {
    mockApi({
      '/api/admin/resources/options': options,
      '/api/admin/resources/slug-available': { slug: 'x', available: false },
      '/api/admin/resources': () =>
        Response.json(
          { error: { code: 'conflict', message: 'That slug is already used.' } },
          { status: 409 },
        ),
    })
    renderPage('/admin/resources/new', '/admin/resources/new', () => <ResourceEditor />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Give the resource a title')).toBeVisible()
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Choose a category')
    await user.type(screen.getByLabelText('Title'), 'Creation Week')
    const slugField = screen.getByLabelText('Slug').closest('[data-slot="field"]') as HTMLElement
    await waitFor(() => expect(slugField).toHaveTextContent('Already used by another resource'), {
      timeout: 5000,
    })
    await user.selectOptions(screen.getByLabelText('Category'), 'Teaching Resources')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('That slug is already used.')).toBeVisible()
  }, 60_000)

  it('shows Resource Not Found for an unknown id', async () => {
    mockApi({ '/api/admin/resources/options': options })
    renderPage('/admin/resources/:id/edit', `/admin/resources/${ID}/edit`, EditPage)
    expect(await screen.findByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to Resources' })).toHaveAttribute(
      'href',
      '/admin?tab=resources',
    )
  })

  it('shows Resource Not Found for an address that cannot name a resource, without asking the API for it', async () => {
    const fetchMock = mockApi({ '/api/admin/resources/options': options })
    renderPage('/admin/resources/:id/edit', '/admin/resources/example/edit', EditPage)
    expect(await screen.findByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible()
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/api/admin/resources/example'),
    )
  })

  it('offers Save changes and Unpublish for a published resource, and lists its files', async () => {
    mockApi({
      '/api/admin/resources/options': options,
      [`/api/admin/resources/${ID}`]: saved({
        slug: 'creation-week',
        title: 'Creation Week',
        description: '',
        category_id: CATEGORY,
        age_range: '6-10',
        scripture_ref: null,
        tags: ['Bible'],
        is_featured: false,
        published: true,
        gallery: null,
        files: [
          {
            id: 'f1',
            filename: 'week.pdf',
            mime_type: 'application/pdf',
            size_bytes: 2048,
            pages: 7,
            width: null,
            height: null,
            position: 0,
          },
        ],
      }),
    })
    renderPage('/admin/resources/:id/edit', `/admin/resources/${ID}/edit`, EditPage)
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Resource' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeVisible()
    const files = screen.getByRole('list', { name: 'Files in download order' })
    expect(files).toHaveTextContent('week.pdf')
    expect(files).toHaveTextContent('PDF · 7 pages · 2 KB')
  })
})
