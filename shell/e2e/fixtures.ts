import { test as base, expect } from '@playwright/test'

type Fixtures = {
  /** Console errors and uncaught exceptions of the page; checked empty after each test unless cleared. */
  pageErrors: string[]
}

export const test = base.extend<Fixtures>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
    await use(errors)
    expect(errors, 'the page logged errors').toEqual([])
  },
})

export { expect }

/** A concrete URL for a route pattern of the route map. */
export function examplePath(pattern: string): string {
  return pattern
    .replace(':productSlug', 'scroll-of-antioch')
    .replace(':categorySlug', 'teaching-resources')
    .replace(':slug', 'example')
    .replace(':id', '00000000-0000-0000-0000-000000000000')
}
