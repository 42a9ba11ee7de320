import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { FRAGMENTS, PORTAL_CODE } from '../../api/seed/content/fragments'
import { PUZZLE_STEPS } from '../../api/seed/content/product'
import { AUTHORED_SECRETS } from './authored-box'
import { expect, test } from './fixtures'

// Answers, the portal's access code and the scroll lines live only in the database and
// the API; no built browser asset of any app may carry one (DESIGN.md, section 9).
const repo = fileURLToPath(new URL('../../', import.meta.url))
const DIST_FOLDERS = ['shell', 'storefront', 'resources-app', 'puzzle-app', 'admin-app'].flatMap((app) =>
  ['dist', 'dist-standalone'].map((dist) => path.join(repo, app, dist)),
)

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/**
 * Answers that are also everyday values in code (`theme: "light"`, a `"30"` in a library):
 * as bare literals they prove nothing, so for them only the keyed form below counts.
 */
const EVERYDAY_VALUES = new Set(['light', '30'])
/** An answer as a string literal in code ("christian", 'agabus', `grace`), or under an answer-like key. */
const literal = (answer: string) =>
  EVERYDAY_VALUES.has(answer)
    ? new RegExp(`answers?["']?\\s*[:=]\\s*\\[?["'\`]${escapeRegExp(answer)}["'\`]`, 'i')
    : new RegExp(`["'\`]${escapeRegExp(answer)}["'\`]`, 'i')

test('no built browser asset contains an answer, the access code or a scroll line', () => {
  const files = DIST_FOLDERS.flatMap(filesUnder).filter((file) =>
    /\.(js|mjs|css|html|json|map|txt)$/.test(file),
  )
  expect(files.length, 'the apps are built').toBeGreaterThan(10)
  const secrets: [string, RegExp][] = [
    ['the access code', new RegExp(escapeRegExp(PORTAL_CODE), 'i')],
    ...FRAGMENTS.flatMap((f): [string, RegExp][] => [
      [`fragment ${f.number}'s scroll line`, new RegExp(escapeRegExp(f.scrollLine))],
      ...[f.answer, ...f.acceptedAnswers, f.bonusAnswer, ...f.bonusAcceptedAnswers].map(
        (a): [string, RegExp] => [`fragment ${f.number}'s answer ${a}`, literal(a)],
      ),
    ]),
    // Content authored in the console (puzzle-authoring.spec.ts) lives only in the database too.
    ...AUTHORED_SECRETS.map((a): [string, RegExp] => [`authored answer ${a}`, literal(a)]),
    ...PUZZLE_STEPS.flatMap((s): [string, RegExp][] => [
      [`step ${s.stepNumber}'s unlock message`, new RegExp(escapeRegExp(s.unlockMessage.slice(0, 60)))],
      ...[s.answer, ...s.acceptedAnswers].map((a): [string, RegExp] => [
        `step ${s.stepNumber}'s answer ${a}`,
        literal(a),
      ]),
    ]),
  ]
  const found: string[] = []
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    for (const [label, pattern] of secrets)
      if (pattern.test(text)) found.push(`${label} in ${path.relative(repo, file)}`)
  }
  expect(found).toEqual([])
})
