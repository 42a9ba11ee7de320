// node --test scripts/ (run by `npm run lint`): the front-end kit's rule refuses what it must
// and lets the kit's own way through.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { apiDomainProblems, appKitProblems, domainProblems, kitProblems } from './check-imports.mjs'

const messages = (file, text) => kitProblems(file, text).map((p) => `${p.line}: ${p.message}`)

test('refuses a bare <form> in an app screen, and not Form or a test', () => {
  const page = 'export const P = () => (\n  <form onSubmit={send}>\n    <input />\n  </form>\n)\n'
  assert.deepEqual(messages('storefront/src/pages/p.tsx', page), [
    '2: a bare <form>: use Form from @lamplight/ui (it posts when sent before hydration)',
  ])
  assert.deepEqual(messages('admin-app/src/x.tsx', 'const f = <form>\n'), [
    '1: a bare <form>: use Form from @lamplight/ui (it posts when sent before hydration)',
  ])
  assert.deepEqual(messages('storefront/src/pages/p.tsx', '<Form onSubmit={send}><FormOutcome /></Form>'), [])
  assert.deepEqual(messages('storefront/src/pages/p.test.tsx', page), [])
})

test('refuses a second helper that turns an API error into words', () => {
  for (const helper of [
    'export function failureMessage(error: unknown, fallback: string): string {',
    'function errorText(error, fallback) {',
    'const submissionErrorMessage = (error: unknown): string => "x"',
    'export const errorMessage = async (error) => {',
  ]) {
    assert.equal(kitProblems('admin-app/src/api/load.ts', helper).length, 1, helper)
  }
  // A value named so is not a helper.
  assert.deepEqual(messages('shell/src/a.tsx', 'const errorMessage = apiErrorMessage(error, FALLBACK)'), [])
})

test("refuses an ApiError's (or Error's) message read by hand, over the lines of its statement", () => {
  const ternary = [
    '    } catch (error) {',
    '      const message =',
    '        error instanceof ApiError && error.status === 429',
    '          ? error.message',
    '          : PUZZLE_MESSAGES.validateFailed',
    '      setFeedback(message)',
  ].join('\n')
  assert.deepEqual(messages('puzzle-app/src/pages/p.tsx', ternary), [
    "3: reads an error's message by hand: use apiErrorMessage from @lamplight/contracts",
  ])
  const inline = "toast.error(e instanceof Error ? e.message : 'Could not move the file')"
  assert.equal(kitProblems('resources-app/src/editor/f.tsx', inline).length, 1)
  // The issues of a 400 go on their fields; another statement's `.message` is its own.
  const issues = [
    '      if (error instanceof ApiError && error.issues.length) {',
    '        for (const issue of error.issues) setError(issue.path, { message: issue.message })',
    '      }',
    '      toast.error(other.message)',
  ].join('\n')
  assert.deepEqual(messages('resources-app/src/editor/e.tsx', issues), [])
})

test('the apps hold to the kit today', () => {
  assert.deepEqual(appKitProblems(), [])
})

test("refuses an API domain reaching past another domain's service, and not its own files", () => {
  const file = 'api/src/domains/orders/routes.ts'
  const text = [
    "import { findBuyableProduct } from './queries'",
    "import { providerOf } from '../payments/service'",
    "import { defineRouter } from '../../lib/router'",
    "import { listAudit } from '../accounts/audit-queries'",
    "import type { StripeProvider } from '../payments/stripe/provider'",
    "import type { PaymentProvider } from '../payments/types'",
    "import { testId } from '../payments/types'",
  ].join('\n')
  assert.deepEqual(
    domainProblems(file, text).map((p) => [p.line, p.message]),
    [
      [4, 'the orders domain reaches into accounts/audit-queries: call accounts/service instead'],
      [5, 'the orders domain reaches into payments/stripe/provider: call payments/service instead'],
      [7, 'the orders domain reaches into payments/types: call payments/service instead'],
    ],
  )
  assert.deepEqual(domainProblems('api/src/app.ts', text), [])
})

test('the API domains meet at their services today', () => {
  assert.deepEqual(apiDomainProblems(), [])
})
