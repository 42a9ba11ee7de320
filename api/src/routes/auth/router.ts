import { Hono } from 'hono'
import type { AppEnv } from '../../types'

/**
 * Accounts are not wired yet, so nobody is signed in: the session read answers `null`
 * exactly as better-auth does for an anonymous visitor. The accounts work replaces this
 * router with better-auth's handler under the same path.
 */
export const authRouter = new Hono<AppEnv>().get('/auth/get-session', (c) => c.json(null))
