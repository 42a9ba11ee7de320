import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { aCategory, aResource } from '../../test/fixtures'
import { locationNow, mockApi, renderPage } from '../../test/render'
import { CategoryPage } from './category-page'
import { SEARCH_DEBOUNCE_MS } from './use-category-filters'

const page = (data: unknown[], has_more = false) => ({ data, has_more, page: 1, page_size: 60 })
const renderCategory = (url: string) => renderPage('/resources/:categorySlug', url, CategoryPage)

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('CategoryPage', () => {
  it('shows Loading resources... and then the category with its results', async () => {
    const maze = aResource()
    const quiz = aResource({ slug: 'psalm-quiz', title: 'Psalm Quiz', age_range: '8-12', tags: [] })
    mockApi({
      '/api/resources/categories/games-puzzles': { data: aCategory() },
      '/api/resources?category=games-puzzles': page([maze, quiz]),
    })
    renderCategory('/resources/games-puzzles')
    expect(screen.getByRole('status')).toHaveTextContent('Loading resources...')

    expect(await screen.findByRole('heading', { level: 1, name: 'Games & Puzzles' })).toBeVisible()
    expect(screen.getByText('Mazes, word searches and crosswords.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'All Resources' })).toHaveAttribute('href', '/resources')
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', 'Search resources...')
    expect(screen.getByRole('combobox', { name: 'Filter by age' })).toHaveDisplayValue('All Ages')
    expect(screen.getByText('2 resources')).toBeVisible()

    const links = screen.getAllByRole('link', { name: 'View & Download' })
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/resources/item/ark-maze',
      '/resources/item/psalm-quiz',
    ])
    const card = screen.getByRole('heading', { name: 'Ark Maze' }).closest('li') as HTMLElement
    expect(within(card).getByText('12 downloads')).toBeVisible()
    expect(within(card).getByText('6-9')).toBeVisible()
    expect(within(card).getByText('Genesis 7:1')).toBeVisible()
    expect(within(card).getByText('Flood')).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Ark Maze' })).toHaveClass('line-clamp-2')
    expect(within(card).getByText(maze.description)).toHaveClass('line-clamp-3')
    // Colouring extras belong to the colouring category only.
    expect(screen.queryByText('Featured Coloring Collections')).toBeNull()
  })

  it('never lists a colouring-gallery page, even if one is sent', async () => {
    mockApi({
      '/api/resources/categories/games-puzzles': { data: aCategory() },
      '/api/resources?category=games-puzzles': page([
        aResource(),
        aResource({ slug: 'noahs-ark-two-by-two' }),
      ]),
    })
    renderCategory('/resources/games-puzzles')
    expect(await screen.findAllByRole('link', { name: 'View & Download' })).toHaveLength(1)
    expect(screen.getByText('1 resource')).toBeVisible()
  })

  it('shows Category Not Found with the way back for an unknown slug', async () => {
    mockApi({})
    renderCategory('/resources/nope')
    expect(await screen.findByRole('heading', { level: 1, name: 'Category Not Found' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to Resources' })).toHaveAttribute('href', '/resources')
  })

  it('hides the age filter when no age range is present and says the category is empty', async () => {
    mockApi({
      '/api/resources/categories/games-puzzles': { data: aCategory({ age_ranges: [] }) },
      '/api/resources?category=games-puzzles': page([]),
    })
    renderCategory('/resources/games-puzzles')
    expect(await screen.findByText('No resources found in this category yet.')).toBeVisible()
    expect(screen.queryByRole('combobox', { name: 'Filter by age' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull()
  })

  it('reads search and age from the URL, says nothing matches, and Clear Filters resets both', async () => {
    const fetchMock = mockApi({
      '/api/resources/categories/games-puzzles': { data: aCategory() },
      '/api/resources?category=games-puzzles&q=lamb&age=6-9': page([]),
      '/api/resources?category=games-puzzles&page=1&page_size=1': page([aResource()]),
      '/api/resources?category=games-puzzles': page([aResource()]),
    })
    renderCategory('/resources/games-puzzles?q=lamb&age=6-9')
    expect(await screen.findByText('No resources match your current filters.')).toBeVisible()
    expect(screen.getByRole('searchbox')).toHaveValue('lamb')
    expect(screen.getByRole('combobox', { name: 'Filter by age' })).toHaveDisplayValue('Ages 6-9')
    const urls = fetchMock.mock.calls.map(([u]) => String(u))
    expect(urls).toContain('/api/resources?category=games-puzzles&q=lamb&age=6-9&page=1&page_size=60')

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }))
    expect(locationNow()).toBe('/resources/games-puzzles')
    expect(screen.getByRole('searchbox')).toHaveValue('')
    // The button is gone; focus is in the search box, not lost on the page.
    expect(screen.getByRole('searchbox')).toHaveFocus()
    expect(await screen.findByRole('link', { name: 'View & Download' })).toBeVisible()
    expect(screen.getByRole('combobox', { name: 'Filter by age' })).toHaveDisplayValue('All Ages')
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull()
  })

  it('puts the search into the URL once typing settles', async () => {
    mockApi({
      '/api/resources/categories/games-puzzles': { data: aCategory() },
      '/api/resources?category=games-puzzles': page([aResource()]),
    })
    renderCategory('/resources/games-puzzles')
    const box = await screen.findByRole('searchbox')
    vi.useFakeTimers()
    fireEvent.change(box, { target: { value: 'ark' } })
    expect(locationNow()).toBe('/resources/games-puzzles')
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    })
    expect(locationNow()).toBe('/resources/games-puzzles?q=ark')
    expect(box).toHaveValue('ark')
    vi.useRealTimers()
    expect(await screen.findByRole('button', { name: 'Clear Filters' })).toBeVisible()
  })

  it('offers the age ranges present once each, All Ages first, and choosing one filters through the URL', async () => {
    mockApi({
      '/api/resources/categories/games-puzzles': {
        data: aCategory({ age_ranges: ['13+', '3-5', 'All Ages'] }),
      },
      '/api/resources?category=games-puzzles': page([aResource()]),
    })
    renderCategory('/resources/games-puzzles')
    const filter = await screen.findByRole('combobox', { name: 'Filter by age' })
    expect(filter).toHaveDisplayValue('All Ages')
    const options = within(filter).getAllByRole('option')
    // Youngest first; the stored "All Ages" is not offered beside the no-filter All Ages.
    expect(options.map((o) => o.textContent)).toEqual(['All Ages', 'Ages 3-5', 'Ages 13+'])
    await userEvent.selectOptions(filter, 'Ages 3-5')
    expect(locationNow()).toBe('/resources/games-puzzles?age=3-5')
    expect(filter).toHaveDisplayValue('Ages 3-5')
    // All Ages means no filter: the parameter goes.
    await userEvent.selectOptions(filter, 'All Ages')
    expect(locationNow()).toBe('/resources/games-puzzles')
    expect(filter).toHaveDisplayValue('All Ages')
  })

  it('shows the colouring header image and the three collections for kids-activities-colouring', async () => {
    mockApi({
      '/api/resources/categories/kids-activities-colouring': {
        data: aCategory({ slug: 'kids-activities-colouring', name: 'Kids Activities & Colouring' }),
      },
      '/api/resources?category=kids-activities-colouring': page([aResource()]),
    })
    renderCategory('/resources/kids-activities-colouring')
    expect(await screen.findByRole('img', { name: /rainbow over Noah's ark/ })).toBeVisible()
    const block = screen.getByRole('region', { name: 'Featured Coloring Collections' })
    expect(
      within(block)
        .getAllByRole('link', { name: 'View Collection' })
        .map((l) => l.getAttribute('href')),
    ).toEqual([
      '/kids-activities-colouring/bible-verses',
      '/kids-activities-colouring/faith-coloring-pages',
      '/kids-activities-colouring/noahs-ark-coloring-pages',
    ])
  })

  it('only logs a failed listing, and shows the empty state', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    mockApi({
      '/api/resources/categories/games-puzzles': { data: aCategory() },
      '/api/resources?category=games-puzzles': Response.json(
        { error: { code: 'internal_error', message: 'x' } },
        { status: 500 },
      ),
    })
    renderCategory('/resources/games-puzzles')
    await waitFor(() => expect(screen.getByText('No resources found in this category yet.')).toBeVisible(), {
      timeout: 3000,
    })
    expect(warn).toHaveBeenCalled()
  })
})
