import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/react'

// CI runs every workspace's tests at once on two cores: give async queries room.
configure({ asyncUtilTimeout: 15_000 })

// Server-render tests run in Node (`// @vitest-environment node`): no DOM to patch there.
if (typeof window !== 'undefined') {
  // jsdom lacks several layout/pointer APIs that Radix and vaul call; these stubs only need to not throw.

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }

  if (!('ResizeObserver' in globalThis)) {
    globalThis.ResizeObserver = ResizeObserverStub
  }

  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })
  }

  if (!Element.prototype.hasPointerCapture) {
    Element.prototype.hasPointerCapture = () => false
    Element.prototype.setPointerCapture = () => {}
    Element.prototype.releasePointerCapture = () => {}
  }

  if (!Element.prototype.scrollIntoView) {
    Element.prototype.scrollIntoView = () => {}
  }

  if (!('DOMRect' in globalThis)) {
    class DOMRectStub {
      constructor(
        public x = 0,
        public y = 0,
        public width = 0,
        public height = 0,
      ) {}
      get top() {
        return this.y
      }
      get left() {
        return this.x
      }
      get right() {
        return this.x + this.width
      }
      get bottom() {
        return this.y + this.height
      }
      toJSON() {
        return { x: this.x, y: this.y, width: this.width, height: this.height }
      }
      static fromRect(rect?: DOMRectInit) {
        return new DOMRectStub(rect?.x, rect?.y, rect?.width, rect?.height)
      }
    }
    globalThis.DOMRect = DOMRectStub as unknown as typeof DOMRect
  }

  // vaul parses the computed `transform` on pointer release; jsdom returns '' where browsers return 'none'.
  const jsdomGetComputedStyle = window.getComputedStyle.bind(window)
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    const style = jsdomGetComputedStyle(element, pseudoElement)
    if (!style.transform) {
      Object.defineProperty(style, 'transform', { value: 'none', configurable: true })
    }
    return style
  }
}
