export type FileKind = 'image' | 'pdf' | 'other'

/** Image, PDF or anything else: decides the icon and whether a file can be printed. */
export function fileKind(mimeType: string | null | undefined, filename = ''): FileKind {
  const mime = (mimeType || 'image/jpeg').toLowerCase()
  if (mime.startsWith('image/')) return 'image'
  if (mime === 'application/pdf' || /\.pdf$/i.test(filename)) return 'pdf'
  return 'other'
}

/** Print and Print View are offered only for images and PDFs (spec, section 5). */
export const canPrint = (kind: FileKind) => kind === 'image' || kind === 'pdf'
