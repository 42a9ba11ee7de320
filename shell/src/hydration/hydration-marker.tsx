import { useEffect } from 'react'

/** The attribute set on `<html>` once the page's main area has hydrated. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated'

/**
 * Rendered after a page's main content: once React has hydrated (or rendered) it, marks
 * `<html data-hydrated>`. A server-rendered button or field shows before React owns it and
 * a click or a typed value before then is lost, so the browser tests wait for this mark
 * (e2e/fixtures.ts) before they touch a page. It renders nothing, so hydration still matches.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true')
  }, [])
  return null
}
