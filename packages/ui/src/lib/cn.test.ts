import { cn } from './cn'

describe('cn', () => {
  it('joins conditional class values', () => {
    expect(cn('a', false && 'b', undefined, null, ['c', { d: true, e: false }])).toBe('a c d')
  })

  it('lets later Tailwind classes win conflicts', () => {
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4')
    expect(cn('bg-primary text-primary-foreground', 'bg-secondary')).toBe(
      'text-primary-foreground bg-secondary',
    )
    expect(cn('h-10', 'size-8')).toBe('size-8')
  })

  it('keeps font size and theme text colour apart', () => {
    expect(cn('text-sm text-foreground', 'text-muted-foreground')).toBe('text-sm text-muted-foreground')
    expect(cn('text-sm text-gold', 'text-lg')).toBe('text-gold text-lg')
  })
})
