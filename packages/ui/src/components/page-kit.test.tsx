import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { FormOutcome, SubmitButton } from './form-kit'
import { ErrorState, LoadingState, NotFoundState } from './page-states'

describe('page states', () => {
  it('tells loading, not found and failed apart', async () => {
    const retry = vi.fn()
    const { rerender } = render(<LoadingState label="Loading orders…" />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders…')
    rerender(<NotFoundState title="Order Not Found" message="No order has that number." />)
    expect(screen.getByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    rerender(<ErrorState onRetry={retry} />)
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load this page')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalledOnce()
  })

  it('shows a failed part of a page as a section, its title no heading, Retry only where it can refetch', async () => {
    const retry = vi.fn()
    const { rerender } = render(
      <ErrorState size="section" title="Stock could not be loaded." onRetry={retry} retrying={false} />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Stock could not be loaded.')
    expect(screen.queryByRole('heading')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalledOnce()
    rerender(<ErrorState size="section" title="Stock could not be loaded." onRetry={retry} retrying />)
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled()
    rerender(<ErrorState title="We could not open this link" />)
    expect(screen.getByRole('heading', { level: 1, name: 'We could not open this link' })).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })
})

describe('form kit', () => {
  it('disables the submit button and says what it is doing while busy', () => {
    const { rerender } = render(
      <SubmitButton busy={false} busyLabel="Saving…">
        Save
      </SubmitButton>,
    )
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
    rerender(
      <SubmitButton busy busyLabel="Saving…">
        Save
      </SubmitButton>,
    )
    const button = screen.getByRole('button', { name: /Saving/ })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
  })

  it('announces success politely and a refusal as an alert', () => {
    const { rerender } = render(<FormOutcome outcome={{ kind: 'sent', text: 'Thank you!' }} />)
    expect(screen.getByText('Thank you!').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite')
    expect(screen.queryByRole('alert')).toBeNull()
    rerender(<FormOutcome outcome={{ kind: 'failed', text: 'Please try again.' }} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again.')
  })
})
