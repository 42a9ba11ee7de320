import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, type TestDatabase } from '../../test/database'

describe('reading one’s own session', () => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    app = createTestApp(database).app
  }, 60_000)
  afterAll(() => database.destroy())

  it('is never throttled like a sign-in attempt, however fast someone browses', async () => {
    const visitor = browser(app, '198.51.100.77')
    await visitor.signUp('quick-browser@example.com')
    const answers = []
    for (let i = 0; i < 150; i += 1) answers.push((await visitor.request('/api/auth/get-session')).status)
    expect(answers.filter((status) => status !== 200)).toEqual([])
    const session = await (await visitor.request('/api/auth/get-session')).json()
    expect(session.user.email).toBe('quick-browser@example.com')
  })
})
