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

export { examplePath } from '@lamplight/config/routes'
export { expect }
