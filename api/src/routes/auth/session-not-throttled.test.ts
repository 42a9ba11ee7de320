import { describe, expect, it } from 'vitest'
import { browser } from '../../test/client'
import { useTestApp } from '../../test/use-test-app'

describe('reading one’s own session', () => {
  const setup = useTestApp('pglite')

  it('is never throttled like a sign-in attempt, however fast someone browses', async () => {
    const visitor = browser(setup.app, '198.51.100.77')
    await visitor.signUp('quick-browser@example.com')
    const answers = []
    for (let i = 0; i < 150; i += 1) answers.push((await visitor.request('/api/auth/get-session')).status)
    expect(answers.filter((status) => status !== 200)).toEqual([])
    const session = await (await visitor.request('/api/auth/get-session')).json()
    expect(session.user.email).toBe('quick-browser@example.com')
  })
})
