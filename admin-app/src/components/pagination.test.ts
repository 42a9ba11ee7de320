import { describe, expect, it } from 'vitest'
import { pageWindow } from './pagination'

describe('pageWindow', () => {
  it('links at most five pages, centred on the current one where it can', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(10, 40)).toEqual([8, 9, 10, 11, 12])
    expect(pageWindow(40, 40)).toEqual([36, 37, 38, 39, 40])
    expect(pageWindow(39, 40)).toEqual([36, 37, 38, 39, 40])
    expect(pageWindow(1, 0)).toEqual([])
  })
})
