import { describe, expect, it } from 'vitest'
import { resourcesContract } from './resources'
import { resourcesEndpoints } from './resources-endpoints'

describe('resourcesEndpoints (what a browser calls the library with)', () => {
  it('has every endpoint of the contract with its method and path, and nothing else', () => {
    const fromContract = Object.fromEntries(
      Object.entries(resourcesContract).map(([name, def]) => [name, { method: def.method, path: def.path }]),
    )
    expect(resourcesEndpoints).toEqual(fromContract)
  })
})
