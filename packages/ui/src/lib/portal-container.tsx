import { createContext, type ReactNode, useContext } from 'react'

const PortalContainerContext = createContext<HTMLElement | null>(null)

/**
 * Where dialogs, drawers and selects render their portals. A remote sets it to an element
 * inside its own area, so portalled content keeps the remote's scoped styles
 * (docs/decisions/002). Unset, portals go to document.body.
 */
export function PortalContainerProvider({
  container,
  children,
}: {
  container: HTMLElement | null
  children: ReactNode
}) {
  return <PortalContainerContext.Provider value={container}>{children}</PortalContainerContext.Provider>
}

export function usePortalContainer(): HTMLElement | undefined {
  return useContext(PortalContainerContext) ?? undefined
}
