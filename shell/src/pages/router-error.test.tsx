import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { RouterError } from './router-error'

function Broken(): never {
  throw new Error('layout exploded')
}

describe('RouterError', () => {
  it("is the router's error screen", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouterError /> }])
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(screen.queryByText(/layout exploded/)).not.toBeInTheDocument()
  })
})
