import { createConfig, lintFromString } from '@redocly/openapi-core'
import { Document, Spectral } from '@stoplight/spectral-core'
import * as Parsers from '@stoplight/spectral-parsers'
import { oas } from '@stoplight/spectral-rulesets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/app'
import { createTestDatabase, type TestDatabase } from '../../test/database'

/**
 * The document a client generates its code from, checked by the two linters of the field
 * (issue 39): Redocly's recommended rules and Spectral's `oas` ruleset, on the document the
 * server serves. Errors fail, and so does a warning of a rule not accepted below with its
 * reason.
 */

/** Redocly warnings we accept, and why. */
const ACCEPTED_WARNINGS: Record<string, string> = {
  // Health, readiness, this document and a few public lists take no input and need no
  // sign-in: they have no 4xx answer to give (503 is documented on every operation).
  'operation-4xx-response': 'operations that cannot be refused',
  // `/products/notify/{action}` beside `/products/{slug}/notify`: Hono matches the literal
  // segment first, and no product may be called "notify" (RESERVED_PRODUCT_SLUGS); the
  // library's `/files/thumbs/{id}` beside `/files/{id}/download` likewise ("thumbs" is no id).
  'no-ambiguous-paths': 'literal segments win over parameters',
  // The test app's own address; a deployment's document names its PUBLIC_URL.
  'no-server-example.com': 'the test server',
}
describe('the OpenAPI document under the linters', () => {
  let database: TestDatabase
  let source = ''
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    const res = await createTestApp(database).app.request('/api/openapi.json')
    source = await res.text()
  }, 60_000)
  afterAll(() => database.destroy())

  it("has no error, and no warning but the accepted ones, under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config })
    const refused = problems
      .filter((p) => p.severity === 'error' || !(p.ruleId in ACCEPTED_WARNINGS))
      .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`)
    expect(refused).toEqual([])
    // The linter ran: it read the document and found what it always finds.
    expect(problems.length).toBeGreaterThan(0)
  })

  it("has no error or warning under Spectral's oas ruleset", async () => {
    const spectral = new Spectral()
    spectral.setRuleset(oas as never)
    const results = await spectral.run(new Document(source, Parsers.Json))
    // Severity 0 is an error, 1 a warning: neither is accepted.
    const refused = results
      .filter((r) => r.severity <= 1)
      .map((r) => `${r.severity} ${r.code} ${r.path.join('.')}: ${r.message}`)
    expect(refused).toEqual([])
  })
})
