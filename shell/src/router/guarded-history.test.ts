import type { Transition } from '@lamplight/remote'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createGuardedHistory } from './guarded-history'

/** jsdom fires popstate after a traversal asynchronously: wait for the next one. */
const popped = () =>
  new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }))
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

function setUp(path = '/admin/resources/new') {
  window.history.replaceState(null, '', path)
  const history = createGuardedHistory({ window })
  const seen: string[] = []
  const unlisten = history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`))
  return { history, seen, unlisten }
}

let cleanup: (() => void) | undefined
afterEach(() => {
  cleanup?.()
  cleanup = undefined
})

describe('createGuardedHistory', () => {
  it('navigates as the browser history does while nothing blocks', () => {
    const { history, seen, unlisten } = setUp()
    cleanup = unlisten
    history.push('/resources')
    history.replace('/resources?q=ark')
    expect(seen).toEqual(['PUSH /resources', 'REPLACE /resources'])
    expect(window.location.pathname + window.location.search).toBe('/resources?q=ark')
  })

  it('holds a link for the blocker, and makes it on retry', () => {
    const { history, seen, unlisten } = setUp()
    const held: Transition[] = []
    const unblock = history.block((transition) => held.push(transition))
    cleanup = () => {
      unblock()
      unlisten()
    }
    history.push('/resources/teaching-resources', { from: 'menu' })
    expect(seen).toEqual([])
    expect(window.location.pathname).toBe('/admin/resources/new')
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({
      action: 'PUSH',
      from: { pathname: '/admin/resources/new' },
      location: { pathname: '/resources/teaching-resources', state: { from: 'menu' } },
    })
    held[0]?.retry()
    expect(seen).toEqual(['PUSH /resources/teaching-resources'])
    expect(window.location.pathname).toBe('/resources/teaching-resources')
    expect(held).toHaveLength(1)
  })

  it('lets everything through once unblocked', () => {
    const { history, seen, unlisten } = setUp()
    cleanup = unlisten
    const blocker = vi.fn()
    const unblock = history.block(blocker)
    unblock()
    history.replace('/about')
    expect(blocker).not.toHaveBeenCalled()
    expect(seen).toEqual(['REPLACE /about'])
  })

  it('undoes Back while blocked (the app never leaves), and takes the step on retry', async () => {
    const { history, seen, unlisten } = setUp('/admin/resources')
    history.push('/admin/resources/new')
    seen.length = 0
    const held: Transition[] = []
    const unblock = history.block((transition) => held.push(transition))
    cleanup = () => {
      unblock()
      unlisten()
    }

    const back = popped()
    window.history.back()
    await back
    await settle()
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({
      action: 'POP',
      from: { pathname: '/admin/resources/new' },
      location: { pathname: '/admin/resources' },
    })
    expect(window.location.pathname).toBe('/admin/resources/new')
    expect(seen).toEqual([])

    held[0]?.retry()
    await settle()
    expect(window.location.pathname).toBe('/admin/resources')
    expect(seen).toEqual(['POP /admin/resources'])
    expect(held).toHaveLength(1)
  })
})
