import { render } from '@testing-library/react'

import { Skeleton } from './skeleton'

describe('Skeleton', () => {
  it('renders a pulsing placeholder whose size callers control', () => {
    const { container } = render(<Skeleton className="h-4 w-32 rounded-full" />)
    const skeleton = container.querySelector('[data-slot="skeleton"]')
    expect(skeleton).toHaveClass('animate-pulse', 'h-4', 'w-32', 'rounded-full')
    expect(skeleton).not.toHaveClass('rounded-md')
  })

  it('renders as its child, for a placeholder inside a paragraph', () => {
    const { container } = render(
      <p>
        <Skeleton asChild className="inline-block h-7 w-20">
          <span />
        </Skeleton>
      </p>,
    )
    const skeleton = container.querySelector('p > span[data-slot="skeleton"]')
    expect(skeleton).toHaveClass('animate-pulse', 'inline-block', 'h-7', 'w-20')
    expect(container.querySelector('div')).toBeNull()
  })
})
