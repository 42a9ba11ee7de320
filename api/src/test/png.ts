function crc32(bytes: Uint8Array): number {
  let c = ~0
  for (const b of bytes) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c >>> 0
}

/**
 * A tiny PNG whose header claims width × height pixels, with a valid CRC and no image data:
 * a decompression bomb's shape, for the upload checks to refuse.
 */
export function pngClaiming(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(17)
  const view = new DataView(ihdr.buffer)
  ihdr.set(new TextEncoder().encode('IHDR'))
  view.setUint32(4, width)
  view.setUint32(8, height)
  ihdr.set([8, 2, 0, 0, 0], 12)
  const chunk = new Uint8Array(4 + 17 + 4)
  const cv = new DataView(chunk.buffer)
  cv.setUint32(0, 13)
  chunk.set(ihdr, 4)
  cv.setUint32(21, crc32(ihdr))
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  const iend = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
  return new Uint8Array([...sig, ...chunk, ...iend])
}
