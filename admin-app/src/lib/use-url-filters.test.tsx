import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation, useNavigate } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useUrlFilters } from './use-url-filters'

type Filters = { q?: string; status?: string; page: number; sort: string; id?: string }

const parse = (params: URLSearchParams): Filters => {
  const page = Number(params.get('page'))
  return {
    q: params.get('q') || undefined,
    status: ['open', 'closed'].includes(params.get('status') ?? '')
      ? (params.get('status') as string)
      : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sort: params.get('sort') || 'newest',
    id: params.get('id') || undefined,
  }
}
const DEFAULTS = { page: 1, sort: 'newest' } as const
const SELECTION = ['id'] as const

/** The hook on a page at `path`, with the address it leads to and the browser's Back and Forward. */
function renderAt(
  path: string | string[],
  options: Parameters<typeof useUrlFilters<Filters>>[1] = { defaults: DEFAULTS },
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={typeof path === 'string' ? [path] : path}>{children}</MemoryRouter>
  )
  const { result } = renderHook(
    () => {
      const location = useLocation()
      return {
        ...useUrlFilters(parse, options),
        address: location.pathname + location.search,
        go: useNavigate(),
      }
    },
    { wrapper },
  )
  return result
}

describe('useUrlFilters', () => {
  it('reads the filters from the address, ignoring what does not parse', () => {
    const list = renderAt('/list?q=ruth&status=lost&page=3')
    expect(list.current.query).toEqual({
      q: 'ruth',
      status: undefined,
      page: 3,
      sort: 'newest',
      id: undefined,
    })
    expect(list.current.filtered).toBe(true)
    expect(renderAt('/list?page=2&sort=newest').current.filtered).toBe(false)
  })

  it('writes a changed filter into the address, back on page 1, and leaves the defaults out', () => {
    const list = renderAt('/list?q=ruth&page=3')
    act(() => list.current.update({ status: 'open' }))
    expect(list.current.address).toBe('/list?q=ruth&status=open')
    expect(list.current.query.page).toBe(1)
    act(() => list.current.update({ page: 2 }))
    expect(list.current.address).toBe('/list?q=ruth&status=open&page=2')
    act(() => list.current.update({ sort: 'oldest' }))
    expect(list.current.address).toBe('/list?q=ruth&status=open&sort=oldest')
    act(() => list.current.update({ q: undefined, status: undefined, sort: 'newest' }))
    expect(list.current.address).toBe('/list')
  })

  it('keeps the page and the selection when a row is opened, and keeps the selection on Clear', () => {
    const list = renderAt('/list?status=open&page=2', { defaults: DEFAULTS, selection: SELECTION })
    act(() => list.current.update({ id: 'abc' }))
    expect(list.current.address).toBe('/list?status=open&page=2&id=abc')
    expect(list.current.filtered).toBe(true)
    act(() => list.current.clear())
    expect(list.current.address).toBe('/list?id=abc')
    expect(list.current.filtered).toBe(false)
  })

  it("leaves another list's keys on the same page alone", () => {
    const list = renderAt('/list?gq=lent&status=open')
    act(() => list.current.update({ q: 'ruth' }))
    expect(new URLSearchParams(list.current.address.split('?')[1]).get('gq')).toBe('lent')
    act(() => list.current.clear())
    expect(list.current.address).toBe('/list?gq=lent')
  })

  it('adds a history entry per change, so Back and Forward walk the filters; replace adds none', () => {
    const list = renderAt('/list')
    act(() => list.current.update({ status: 'open' }))
    act(() => list.current.update({ q: 'ruth' }))
    act(() => list.current.go(-1))
    expect(list.current.address).toBe('/list?status=open')
    expect(list.current.query).toMatchObject({ status: 'open', q: undefined })
    act(() => list.current.go(-1))
    expect(list.current.query).toMatchObject({ status: undefined, q: undefined })
    act(() => list.current.go(1))
    expect(list.current.query).toMatchObject({ status: 'open' })

    const replacing = renderAt(['/start', '/list'], { defaults: DEFAULTS, replace: true })
    act(() => replacing.current.update({ status: 'open' }))
    act(() => replacing.current.update({ q: 'ruth' }))
    expect(replacing.current.address).toBe('/list?q=ruth&status=open')
    act(() => replacing.current.go(-1))
    expect(replacing.current.address).toBe('/start')
  })
})
