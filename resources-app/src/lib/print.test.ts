import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('@lamplight/ui', async (original) => ({
  ...(await original<typeof import('@lamplight/ui')>()),
  toast: { error: toastError },
}))

import { PRINT_DELAY_MS, printFile } from './print'

/** A stand-in for the popup: its own document, and print/close/focus to watch. */
function fakePopup() {
  const doc = document.implementation.createHTMLDocument('')
  const listeners = new Map<string, EventListener[]>()
  const popup = {
    document: doc,
    print: vi.fn(),
    close: vi.fn(),
    focus: vi.fn(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    addEventListener: (type: string, listener: EventListener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    fire: (type: string) => {
      for (const l of listeners.get(type) ?? []) l(new Event(type))
    },
  }
  return popup
}

describe('printFile', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    toastError.mockClear()
  })

  it('opens an 800x600 window, shows the loading text, prints 500 ms after the image loads, closes after', () => {
    const popup = fakePopup()
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    expect(printFile('/api/files/f1', 'Rainbow Promise', 'image')).toBe(true)
    expect(open).toHaveBeenCalledWith('', '_blank', 'width=800,height=600')

    const doc = popup.document
    expect(doc.title).toBe('Rainbow Promise')
    expect(doc.body.textContent).toBe('Loading image for printing...')
    expect(doc.head.querySelector('style')?.textContent).toContain('@page { size: letter; margin: 0.5in; }')
    const image = doc.querySelector('img') as HTMLImageElement
    expect(image.src).toBe(`${window.location.origin}/api/files/f1`)
    expect(image.hidden).toBe(true)

    image.dispatchEvent(new Event('load'))
    expect(doc.body.textContent).toBe('')
    expect(image.hidden).toBe(false)
    vi.advanceTimersByTime(PRINT_DELAY_MS - 1)
    expect(popup.print).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(popup.print).toHaveBeenCalledOnce()
    expect(popup.close).not.toHaveBeenCalled()
    popup.fire('afterprint')
    expect(popup.close).toHaveBeenCalledOnce()
  })

  it('says so in the window when the image cannot load, and does not print', () => {
    const popup = fakePopup()
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    printFile('/api/files/missing', 'Lost Page', 'image')
    popup.document.querySelector('img')?.dispatchEvent(new Event('error'))
    expect(popup.document.body.textContent).toBe('Error loading image. Please try downloading instead.')
    vi.runAllTimers()
    expect(popup.print).not.toHaveBeenCalled()
  })

  it('prints a PDF through a frame holding the file', () => {
    const popup = fakePopup()
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    printFile('/api/files/pdf1', 'Booklet', 'pdf')
    const frame = popup.document.querySelector('iframe') as HTMLIFrameElement
    expect(frame.src).toBe(`${window.location.origin}/api/files/pdf1`)
    expect(frame.title).toBe('Booklet')
  })

  it('tells the person when the popup is blocked', () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    expect(printFile('/api/files/f1', 'Page', 'image')).toBe(false)
    expect(toastError).toHaveBeenCalledWith('Print Failed', {
      description: 'Unable to open print window. Please check your popup blocker settings.',
    })
  })
})
