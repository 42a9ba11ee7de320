import { AuthProvider, createQueryClient } from '@lamplight/session'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteLayout } from './site-layout'

function renderAt(path: string, session: unknown = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(session)),
  )
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<SiteLayout />}>
              <Route path="*" element={<h1>Page</h1>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('SiteLayout', () => {
  it('puts the page inside main between the header and the footer', async () => {
    renderAt('/about')
    const main = screen.getByRole('main')
    expect(within(main).getByRole('heading', { name: 'Page' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth?redirect=%2Fabout',
    )
  })

  it("shows the signed-in user's email and Sign Out, and Admin only to admins and editors", async () => {
    renderAt('/', { user: { id: 'u', email: 'phoebe@example.com', role: 'admin' } })
    expect(await screen.findByText('phoebe@example.com')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Admin' }),
    ).toHaveAttribute('href', '/admin')
  })

  it('hides Admin from customers', async () => {
    renderAt('/', { user: { id: 'u', email: 'lois@example.com', role: 'customer' } })
    expect(await screen.findByText('lois@example.com')).toBeInTheDocument()
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Admin' }),
    ).toBeNull()
  })
})
