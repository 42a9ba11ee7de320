/**
 * What the resource editor accepts as a file (issue 13). The API decides the type from the
 * bytes; these lists are for the form's picker and its messages.
 */
export const UPLOAD_TYPES = {
  pdf: { mime: 'application/pdf', extension: 'pdf' },
  png: { mime: 'image/png', extension: 'png' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  webp: { mime: 'image/webp', extension: 'webp' },
} as const
export type UploadKind = keyof typeof UPLOAD_TYPES

/** Default per-file limit; the API reads UPLOAD_MAX_BYTES to change it. */
export const UPLOAD_MAX_BYTES_DEFAULT = 25 * 1024 * 1024
/** Images wider × taller than this are refused before they are decoded (decompression bombs). */
export const UPLOAD_MAX_PIXELS = 50_000_000

export const UPLOAD_ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp'
