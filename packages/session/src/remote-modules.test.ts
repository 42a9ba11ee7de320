import { describe, expect, it, vi } from 'vitest'

describe('remoteModules', () => {
  it('has no loader until the shell sets its own, then loads through it', async () => {
    vi.resetModules()
    const { remoteModules } = await import('./index')
    expect(remoteModules.load).toBeUndefined()
    const Editor = () => null
    const load = vi.fn(async () => Editor)
    remoteModules.load = load as never
    const again = await import('./index')
    await expect(again.remoteModules.load?.('resources-app', 'editor', 2)).resolves.toBe(Editor)
    expect(load).toHaveBeenCalledWith('resources-app', 'editor', 2)
  })
})
