import { describe, expect, it } from 'vitest'
import { canPrint, fileKind } from './file-kind'

describe('fileKind', () => {
  it('tells images, PDFs and other files apart', () => {
    expect(fileKind('image/png')).toBe('image')
    expect(fileKind('IMAGE/JPEG')).toBe('image')
    expect(fileKind('application/pdf')).toBe('pdf')
    expect(fileKind('application/octet-stream', 'booklet.PDF')).toBe('pdf')
    expect(fileKind('application/zip', 'extras.zip')).toBe('other')
  })

  it('treats a missing mime type as the spec default, image/jpeg', () => {
    expect(fileKind('')).toBe('image')
    expect(fileKind(null)).toBe('image')
  })

  it('offers printing for images and PDFs only', () => {
    expect(canPrint('image')).toBe(true)
    expect(canPrint('pdf')).toBe(true)
    expect(canPrint('other')).toBe(false)
  })
})
