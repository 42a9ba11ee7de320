import { render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { HYDRATED_ATTRIBUTE, HydrationMarker } from './hydration-marker'

afterEach(() => document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE))

describe('HydrationMarker', () => {
  it('marks the page only once the content beside it has rendered, not while it is still loading', async () => {
    let loaded: () => void = () => undefined
    // Like a remote's routes: a component that arrives later.
    const Content = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          loaded = () => resolve({ default: () => <p>The page</p> })
        }),
    )
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Content />
        <HydrationMarker />
      </Suspense>,
    )
    expect(await screen.findByText('Loading')).toBeInTheDocument()
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(false)
    loaded()
    await screen.findByText('The page')
    expect(document.documentElement.getAttribute(HYDRATED_ATTRIBUTE)).toBe('true')
  })
})
