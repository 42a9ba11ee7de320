import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Pagination } from './pagination'

describe('Pagination of a capped count', () => {
  it('says "10,000+" and offers the next page past the counted ones', () => {
    const onPage = vi.fn()
    const { rerender } = render(<Pagination page={400} pageSize={25} total={10_000} capped onPage={onPage} />)
    expect(screen.getByText('Showing 9,976–10,000 of 10,000+')).toBeTruthy()
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement
    expect(next.disabled).toBe(false)
    next.click()
    expect(onPage).toHaveBeenCalledWith(401)
    rerender(<Pagination page={400} pageSize={25} total={10_000} onPage={onPage} />)
    expect(screen.getByText('Showing 9,976–10,000 of 10,000')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
