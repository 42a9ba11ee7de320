// node --test scripts/ (run by `npm run lint`): the front-end kit's rule refuses what it must
// and lets the kit's own way through.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import {
  apiDomainProblems,
  appKitProblems,
  CIRCLE_FREE,
  domainProblems,
  importCircles,
  kitProblems,
} from './check-imports.mjs'

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

test("refuses fieldProps (a control wired by hand), and not Field's render prop", () => {
  const page = [
    "import { Field, fieldProps, Input } from '@lamplight/ui'",
    'export const P = () => (',
    '  <Field id="email" label="Email">',
    "    <Input {...fieldProps('email')} />",
    '  </Field>',
    ')',
  ].join('\n')
  const why =
    "fieldProps wires a control by hand: use Field's render prop, {(control) => <Input {...control} />}"
  assert.deepEqual(messages('storefront/src/pages/p.tsx', page), [`1: ${why}`, `4: ${why}`])
  assert.deepEqual(
    messages('shell/src/auth/f.tsx', "import { fieldProps } from '@lamplight/ui/components/field'"),
    [`1: ${why}`],
  )
  const kit = '<Field id="email" label="Email">\n  {(control) => <Input {...control} />}\n</Field>\n'
  assert.deepEqual(messages('storefront/src/pages/p.tsx', kit), [])
})

test('refuses a failed load shown by hand, and not ErrorState with its Retry', () => {
  const why = 'a Retry made by hand: show a failed load with ErrorState from @lamplight/ui (onRetry)'
  const byHand = [
    'if (cart.isError)',
    '  return (',
    '    <div role="alert">',
    '      <p>We could not load your cart</p>',
    '      <Button className="mt-5" onClick={() => cart.refetch()} disabled={cart.isFetching}>',
    '        Retry',
    '      </Button>',
    '    </div>',
    '  )',
  ].join('\n')
  assert.deepEqual(messages('storefront/src/components/cart/cart-contents.tsx', byHand), [`5: ${why}`])
  assert.deepEqual(
    messages('storefront/src/pages/a.tsx', '<Button onClick={() => void status.refetch()}>Load</Button>'),
    [`1: ${why}`],
  )
  // A Retry of its own, whatever it calls.
  assert.deepEqual(messages('puzzle-app/src/pages/p.tsx', '      <Button onClick={onRetry}>Retry</Button>'), [
    `1: ${why}`,
  ])
  // The shell's remote failure is drawn by its first load, where ErrorState would cost bytes.
  assert.deepEqual(
    messages('shell/src/remotes/remote-area.tsx', '<Button onClick={onRetry}>Retry</Button>'),
    [],
  )
  assert.deepEqual(
    messages('admin-app/src/x.tsx', '<button type="button" onClick={again}>\n  Try again\n</button>'),
    [`1: ${why}`],
  )
  // A component that is a second ErrorState, whatever it renders.
  assert.deepEqual(
    messages(
      'admin-app/src/components/states.tsx',
      'export function LoadError({ message }: { message: string }) {',
    ),
    ['1: LoadError is a second failed-load view: use ErrorState from @lamplight/ui'],
  )
  assert.equal(kitProblems('storefront/src/x.tsx', 'const OrdersFetchFailure = () => null').length, 1)
  // The kit's way, an error class (not a view), and a test are let through.
  const kit = [
    '<ErrorState size="section" title="Stock could not be loaded." onRetry={() => query.refetch()} retrying={query.isFetching} />',
    '<NotConfirmed onRefresh={() => order.refetch()} />',
    'export class RemoteLoadError extends Error {}',
    '<p>Not quite right. Try again or use the hint!</p>',
  ].join('\n')
  assert.deepEqual(messages('admin-app/src/pages/p.tsx', kit), [])
  assert.deepEqual(
    messages('shell/src/remotes/remote-loader.ts', 'export class RemoteLoadError extends Error {}'),
    [],
  )
  assert.deepEqual(messages('storefront/src/pages/p.test.tsx', byHand), [])
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

/** A folder of TypeScript files (name → text), removed after `use`. */
function withSources(sources, use) {
  const dir = mkdtempSync(path.join(tmpdir(), 'circles-'))
  try {
    for (const [name, text] of Object.entries(sources)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
      writeFileSync(path.join(dir, name), text)
    }
    return use(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('finds an import circle, type-only imports, re-exports and folders with an index included', () => {
  const circles = withSources(
    {
      'types.ts': "import type { Auth } from './auth/auth'\nexport type Env = { auth: Auth }\n",
      'auth/auth.ts':
        "import { limit } from '../middleware/limit'\nexport type Auth = { limit: typeof limit }\n",
      'middleware/limit/index.ts': "export * from './rule'\nexport const limit = 1\n",
      'middleware/limit/rule.ts': "import type { Env } from '../../types'\nexport type Rule = Env\n",
      'lib/free.ts': "import { limit } from '../middleware/limit'\nexport const free = limit\n",
    },
    (dir) => importCircles(dir, null),
  )
  assert.equal(circles.length, 1)
  assert.equal(circles[0].files.length, 4)
  const names = circles[0].circle.map((file) => file.split(/[\\/]/).slice(-2).join('/'))
  assert.equal(names[0], names.at(-1))
  assert.equal(names.length, 5)
  assert.ok(!names.includes('lib/free.ts'))
})

test('finds none where imports only go one way, and none in the API today', () => {
  const none = withSources(
    {
      'a.ts': "import { b } from './b'\nexport const a = b\n",
      'b.ts': "export const b = import('./c')\n",
      'c.ts': '',
    },
    (dir) => importCircles(dir, null),
  )
  assert.deepEqual(none, [])
  const root = path.resolve(import.meta.dirname, '..')
  for (const dir of CIRCLE_FREE) assert.deepEqual(importCircles(path.join(root, dir)), [], dir)
})
