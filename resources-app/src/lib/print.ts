import { apiBase } from '@lamplight/session'
import { toast } from '@lamplight/ui'
import type { FileKind } from './file-kind'

export const PRINT_FAILED = {
  title: 'Print Failed',
  description: 'Unable to open print window. Please check your popup blocker settings.',
}
export const PRINT_LOADING = 'Loading image for printing...'
export const PRINT_IMAGE_ERROR = 'Error loading image. Please try downloading instead.'
/** Printing starts this long after the image has loaded (spec, section 9). */
export const PRINT_DELAY_MS = 500

const WINDOW_FEATURES = 'width=800,height=600'

// A letter page with half-inch margins; the image fills what is left of it.
const PRINT_CSS = `
@page { size: letter; margin: 0.5in; }
html, body { margin: 0; height: 100%; background: #fff; color: #000; }
body { display: flex; align-items: center; justify-content: center;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
p { padding: 1rem; text-align: center; }
img { display: block; max-width: 100%; max-height: 100vh; object-fit: contain; }
img[hidden] { display: none; }
iframe { border: 0; width: 100%; height: 100vh; }
`

const absolute = (url: string) => new URL(`${apiBase()}${url}`, window.location.href).href

/**
 * Opens the print window (800x600) for one file and prints it once it has loaded.
 *
 * The popup is driven from here, not by a script inside it: our Content-Security-Policy
 * (script-src 'self') would block an inline script in a written document. Resolves false
 * when the window could not be opened (a popup blocker), after telling the person.
 */
export function printFile(url: string, title: string, kind: FileKind): boolean {
  let popup: Window | null = null
  try {
    popup = window.open('', '_blank', WINDOW_FEATURES)
  } catch {
    popup = null
  }
  if (!popup) {
    toast.error(PRINT_FAILED.title, { description: PRINT_FAILED.description })
    return false
  }
  const win = popup
  const doc = win.document
  doc.title = title
  const style = doc.createElement('style')
  style.textContent = PRINT_CSS
  doc.head.append(style)

  const message = doc.createElement('p')
  message.setAttribute('role', 'status')
  doc.body.replaceChildren(message)

  // Closes after printing; `print()` may return before the dialog is dismissed.
  const printThenClose = (target: Window) => {
    let closed = false
    const close = () => {
      if (closed) return
      closed = true
      win.close()
    }
    win.addEventListener('afterprint', close, { once: true })
    if (target !== win) target.addEventListener('afterprint', close, { once: true })
    win.focus()
    target.print()
  }

  if (kind === 'pdf') {
    // The PDF viewer prints the whole document when its own frame is asked to print.
    message.textContent = 'Loading document for printing...'
    const frame = doc.createElement('iframe')
    frame.title = title
    frame.addEventListener(
      'load',
      () => {
        message.remove()
        win.setTimeout(() => {
          if (frame.contentWindow) printThenClose(frame.contentWindow)
        }, PRINT_DELAY_MS)
      },
      { once: true },
    )
    frame.src = absolute(url)
    doc.body.append(frame)
    return true
  }

  message.textContent = PRINT_LOADING
  const image = doc.createElement('img')
  image.alt = title
  image.hidden = true
  image.addEventListener(
    'load',
    () => {
      message.remove()
      image.hidden = false
      win.setTimeout(() => printThenClose(win), PRINT_DELAY_MS)
    },
    { once: true },
  )
  image.addEventListener(
    'error',
    () => {
      message.textContent = PRINT_IMAGE_ERROR
    },
    { once: true },
  )
  image.src = absolute(url)
  doc.body.append(image)
  return true
}
