import { describe, expect, it } from 'vitest'
import { gateFor } from './route-resolver'

const signedOut = { user: null, loading: false, isAdmin: false, canSeeAdmin: false }
const customer = {
  user: { id: 'c', email: 'c@x', name: '', role: 'customer' as const, emailVerified: true },
  loading: false,
  isAdmin: false,
  canSeeAdmin: false,
}
const editor = { ...customer, user: { ...customer.user, role: 'editor' as const }, canSeeAdmin: true }
const admin = {
  ...customer,
  user: { ...customer.user, role: 'admin' as const },
  isAdmin: true,
  canSeeAdmin: true,
}

describe('gateFor', () => {
  it('opens public routes to everyone, even while the session loads', () => {
    expect(gateFor('public', { ...signedOut, loading: true })).toBe('open')
  })

  it('waits for the session before deciding a guarded route', () => {
    expect(gateFor('user', { ...signedOut, loading: true })).toBe('wait')
  })

  it.each([
    ['user', signedOut, 'sign-in'],
    ['user', customer, 'open'],
    ['staff', customer, 'denied'],
    ['staff', editor, 'open'],
    ['admin', editor, 'denied'],
    ['admin', admin, 'open'],
    ['staff', signedOut, 'sign-in'],
  ] as const)('%s route for %o → %s', (access, auth, expected) => {
    expect(gateFor(access, auth)).toBe(expected)
  })
})
