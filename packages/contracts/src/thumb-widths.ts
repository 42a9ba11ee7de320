// Its own module: a product card reads it on the home page's first load, which should not
// carry the resource library's other values with it (decision 059).

/**
 * The widths a thumbnail is served at, for an `<img srcset>`: WebP made by the API from the
 * stored thumbnail on first request and kept in storage. Without `w` the stored one is sent.
 */
export const THUMB_WIDTHS = [240, 400, 600] as const
export type ThumbWidth = (typeof THUMB_WIDTHS)[number]
