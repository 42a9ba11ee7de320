import { describe, expect, it } from 'vitest'
import { actionLabel, changedFields } from './audit-tab'

describe('the audit log screen', () => {
  it('names an action in words', () => {
    expect(actionLabel('order.access_granted')).toBe('Order access granted')
  })

  it('lists only the fields that changed, with what they were and became', () => {
    expect(changedFields({ role: 'customer', id: 'u1' }, { role: 'editor', id: 'u1' })).toEqual([
      ['role', 'customer', 'editor'],
    ])
    expect(changedFields({ completedSteps: [1, 2] }, null)).toEqual([['completedSteps', [1, 2], undefined]])
    expect(changedFields({ a: [1] }, { a: [1] })).toEqual([])
  })
})
