import { afterEach, describe, expect, it, vi } from 'vitest'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('@lamplight/ui', async (original) => ({
  ...(await original<typeof import('@lamplight/ui')>()),
  toast: { error: toastError },
}))

import { downloadFile } from './download'

describe('downloadFile', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
    toastError.mockClear()
  })

  it('fetches the counted download URL and saves the file under its name', async () => {
    const fetchMock = vi.fn(
      async () => new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }),
    )
    vi.stubGlobal('fetch', fetchMock)
    URL.createObjectURL = vi.fn(() => 'blob:page')
    URL.revokeObjectURL = vi.fn()
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })

    await expect(downloadFile('/api/files/f1/download', 'ark-page-1.png')).resolves.toBe(true)
    expect(fetchMock).toHaveBeenCalledWith('/api/files/f1/download', { credentials: 'include' })
    expect(clicked).toHaveLength(1)
    expect(clicked[0]?.download).toBe('ark-page-1.png')
    expect(clicked[0]?.href).toBe('blob:page')
    expect(document.querySelector('a[download]')).toBeNull()
    expect(toastError).not.toHaveBeenCalled()
  })

  it('shows Download Failed when the file does not come', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    )
    await expect(downloadFile('/api/files/f1/download', 'a.png')).resolves.toBe(false)
    expect(toastError).toHaveBeenCalledWith('Download Failed', {
      description: 'There was an error downloading the file. Please try again.',
    })

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    )
    await expect(downloadFile('/api/files/f1/download', 'a.png')).resolves.toBe(false)
    expect(toastError).toHaveBeenCalledTimes(2)
  })
})
