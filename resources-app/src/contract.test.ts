import { checkBuiltRemote } from '@lamplight/config/contract-testing'

// The shell loads this build at run time: a break in its contract shows here, in this
// remote's own tests, not in production (decision 012).
describe('resources-app build against the shell contract', () => {
  it('exposes ./routes and shares react, react-dom and react-router as singletons the shell can provide', () => {
    const result = checkBuiltRemote('resources-app')
    expect(result.ok ? [] : result.problems).toEqual([])
    expect(result.ok && result.version).toMatch(/^\d+\.\d+\.\d+-[0-9a-z]+$/)
  }, 600_000)
})
