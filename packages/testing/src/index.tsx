import { examplePath, type RemoteName, routesOf } from '@lamplight/routes'
import { render, screen } from '@testing-library/react'
import type { ComponentType } from 'react'
import { MemoryRouter } from 'react-router'
import { expect, it } from 'vitest'

/**
 * The contract every remote keeps with the shell: its exposed `./routes` component renders
 * a page with a level-one heading for every path the route map gives it, inside its
 * `data-remote` scoping root.
 */
export function itRendersEveryOwnedRoute(
  remote: RemoteName,
  Routes: ComponentType,
  headings: Record<string, string> = {},
) {
  for (const route of routesOf(remote)) {
    const path = examplePath(route.path)
    it(`renders ${path}`, async () => {
      const { container, unmount } = render(
        <MemoryRouter initialEntries={[path]}>
          <Routes />
        </MemoryRouter>,
      )
      const heading = await screen.findByRole('heading', { level: 1 })
      expect(heading.textContent).toBe(headings[route.path] ?? route.title)
      expect(container.querySelector(`[data-remote="${remote}"]`)).not.toBeNull()
      unmount()
    })
  }
}
