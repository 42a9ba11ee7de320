import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Waits for what is still fading in to be done. A toast fading in has part of its contrast:
 * axe flagged one on a loaded CI machine (sonner's title, mid-animation). Sonner mounts a
 * toast at opacity 0 and fades it in once `data-mounted` is set, so wait for every toast to
 * be mounted, a frame for the fade to start, and the running transitions to end (an endless
 * animation, a spinner's, would never finish: skipped).
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-sonner-toast]')].every(
      (t) => t.getAttribute('data-mounted') === 'true',
    ),
  )
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    )
  })
}

/** axe (WCAG 2.1 A and AA) finds nothing serious or critical on the page as it stands, once settled. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await settleAnimations(page)
  let serious = await seriousViolations(page)
  // A toast raised while axe was reading the page (a request that finished then) is measured
  // mid-fade, with part of its contrast (CI saw sonner's title so): settled again, read again.
  // A real violation is there the second time too.
  if (serious.length && (await page.locator('[data-sonner-toast]').count())) {
    await settleAnimations(page)
    serious = await seriousViolations(page)
  }
  expect(serious, `${label}\n${serious.join('\n')}`).toEqual([])
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
}
