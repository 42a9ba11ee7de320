import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signed passes for visitors, who have no account to keep progress in. The browser keeps
 * them in local storage and shows them back; the server believes nothing it did not sign:
 *
 * - a portal pass (`puzzle-portal-access`): the visitor entered a valid code of a product;
 * - a solve receipt: the visitor answered a fragment (or its bonus) right, so the solve can
 *   be merged into their account when they sign in without answering again.
 *
 * Both are HMACs under the auth secret; a pass names the code it came from, so turning a
 * code off turns its passes off too.
 */
export type PortalPass = { productId: string; codeId: string }
export type SolveReceipt = { fragmentId: string; bonus: boolean }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function sign(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url')
}

function verify(secret: string, purpose: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, purpose, payload))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export function signPortalPass(secret: string, pass: PortalPass): string {
  const payload = `${pass.productId}.${pass.codeId}`
  return `${payload}.${sign(secret, 'portal-pass', payload)}`
}

export function readPortalPass(secret: string, token: string | null | undefined): PortalPass | null {
  if (!token || token.length > 500) return null
  const [productId, codeId, signature, ...rest] = token.split('.')
  if (!productId || !codeId || !signature || rest.length || !UUID.test(productId) || !UUID.test(codeId))
    return null
  return verify(secret, 'portal-pass', `${productId}.${codeId}`, signature) ? { productId, codeId } : null
}

export function signReceipt(secret: string, receipt: SolveReceipt): string {
  const payload = `${receipt.fragmentId}.${receipt.bonus ? 'bonus' : 'fragment'}`
  return `${payload}.${sign(secret, 'solve-receipt', payload)}`
}

export function readReceipt(secret: string, text: string): SolveReceipt | null {
  const [fragmentId, kind, signature, ...rest] = text.split('.')
  if (!fragmentId || !kind || !signature || rest.length || !UUID.test(fragmentId)) return null
  if (kind !== 'bonus' && kind !== 'fragment') return null
  return verify(secret, 'solve-receipt', `${fragmentId}.${kind}`, signature)
    ? { fragmentId, bonus: kind === 'bonus' }
    : null
}
