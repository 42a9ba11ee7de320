import { apiBase } from '@lamplight/session'
import { toast } from '@lamplight/ui'

export const DOWNLOAD_FAILED = {
  title: 'Download Failed',
  description: 'There was an error downloading the file. Please try again.',
}

/**
 * Downloads a file through its counted download URL and saves it under its filename.
 * Fetched first (rather than a plain link) so a failure can be told to the person.
 * Resolves true when the file was handed to the browser.
 */
export async function downloadFile(downloadUrl: string, filename: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiBase()}${downloadUrl}`, { credentials: 'include' })
    if (!response.ok) throw new Error(`Download answered ${response.status}`)
    const blob = await response.blob()
    const href = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = href
    link.download = filename
    link.rel = 'noopener'
    link.style.display = 'none'
    document.body.append(link)
    link.click()
    link.remove()
    // Give the browser time to start reading the blob before letting it go.
    setTimeout(() => URL.revokeObjectURL(href), 60_000)
    return true
  } catch (error) {
    console.warn('[resources] download failed', error)
    toast.error(DOWNLOAD_FAILED.title, { description: DOWNLOAD_FAILED.description })
    return false
  }
}
