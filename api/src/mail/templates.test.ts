import { describe, expect, it } from 'vitest'
import { existingAccountMail, guestOrdersMail, passwordResetMail, verificationMail } from '../auth/mails'
import { refundMail, shippedMail } from '../domains/orders/fulfilment-mails'
import { orderConfirmationMail } from '../domains/orders/mails'
import type { Mail } from './index'

// Every mail the API sends, with hostile user input where a person or a form supplies it.
const EVIL = '<script>alert("x")</script> & Ruth'
const URL_ = 'http://localhost:3000/api/auth/reset-password/abc?callbackURL=%2Fauth&x=1'
const order = {
  id: '0f8c2b1e-1111-4c4c-9999-123456789abc',
  email: 'ruth@example.com',
  name: EVIL,
  product: 'The Scroll of Antioch',
  amountCents: 4999,
  lines: [{ name: 'The Scroll of Antioch', quantity: 1, lineTotalCents: 4999 }],
  subtotalCents: 4999,
  discountCents: 0,
  shippingCents: 0,
  taxCents: 0,
  taxNote: 'Tax calculated at payment: none in test mode',
  orderUrl: 'http://localhost:3000/orders/lookup',
}

// What a buyer may type at checkout with anyone's address: a formula, a link, markup.
const HOSTILE_ADDRESS = {
  firstName: '=HYPERLINK("https://evil.example/claim","Claim your refund")',
  lastName: 'Visit https://evil.example/claim',
  address: '<b>1 Vine St</b>',
  city: 'www.evil.example',
  state: 'CA',
  zipCode: '94509',
  country: 'US',
}

/** [name, make, content shown, what was typed and shows escaped in the HTML] */
const cases: [string, () => Promise<Mail>, string[], string[]][] = [
  [
    'refund',
    () =>
      refundMail({
        email: order.email,
        orderNumber: '4D1MUMYM',
        amountCents: 4999,
        lines: [{ name: 'The Scroll of Antioch', quantity: 1 }],
        whole: true,
        orderUrl: order.orderUrl,
      }),
    [
      'We have refunded $49.99 of your order 4D1MUMYM (1 × The Scroll of Antioch)',
      '5 to 10 business days',
      'http://localhost:3000/orders/lookup',
      '1-2 business days',
    ],
    [],
  ],
  [
    'shipped',
    () =>
      shippedMail({
        email: order.email,
        orderNumber: '4D1MUMYM',
        carrier: 'other',
        trackingNumber: '1Z <b>999</b>',
        lines: [{ name: 'The Scroll of Antioch', quantity: 2 }],
        stillLeft: [],
        orderUrl: order.orderUrl,
      }),
    ['your order 4D1MUMYM is on its way', '2 × The Scroll of Antioch', 'Tracking number: 1Z <b>999</b>'],
    ['1Z &lt;b&gt;999&lt;/b&gt;'],
  ],
  [
    'shipped in part, with USPS',
    () =>
      shippedMail({
        email: order.email,
        orderNumber: '4D1MUMYM',
        carrier: 'USPS',
        trackingNumber: '9400 1000 0000',
        lines: [{ name: 'The Scroll of Antioch', quantity: 1 }],
        stillLeft: [{ name: "Noah's Ark", quantity: 1 }],
        orderUrl: order.orderUrl,
      }),
    [
      'part of your order 4D1MUMYM is on its way with USPS',
      "Still to come in another parcel: 1 × Noah's Ark.",
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000',
    ],
    [],
  ],
  [
    "order confirmation to an account's own proven address",
    () =>
      orderConfirmationMail({
        ...order,
        sessionId: 'cs_test_abcdefgh12345678',
        guest: false,
        ownAddress: true,
        address: {
          firstName: 'Ruth',
          lastName: '<img src=x onerror=alert(1)>',
          address: '1 Vine St',
          city: 'Antioch',
          state: 'CA',
          zipCode: '94509',
          country: 'US',
        },
      }),
    [
      'Order number: 12345678',
      '$49.99',
      'We will ship it to:',
      '1 Vine St',
      'Antioch, CA 94509',
      'begin the online puzzle right away from your account',
      'Start the online story now; when your box arrives, enter the code inside it to open the scroll.',
    ],
    ['&lt;img src=x onerror=alert(1)&gt;'],
  ],
  [
    "a guest's order confirmation",
    () => orderConfirmationMail({ ...order, sessionId: null, address: null, guest: true, ownAddress: false }),
    [
      'Order number: 56789ABC',
      'to play the online puzzle, sign up (or sign in) and choose "add my guest orders" in your account: we email ruth@example.com a link',
    ],
    [],
  ],
  [
    'order confirmation to an address nobody proved',
    () =>
      orderConfirmationMail({
        ...order,
        sessionId: 'cs_test_abcdefgh12345678',
        guest: true,
        ownAddress: false,
        address: HOSTILE_ADDRESS,
      }),
    [
      'Order number: 12345678',
      '$49.99',
      'We will ship it to the address you gave at checkout in CA 94509, US.',
    ],
    [],
  ],
]

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

describe.each(cases)('%s mail', (_name, make, content, typed) => {
  it('renders its content in the HTML and the text part, in our one layout', async () => {
    const mail = await make()
    expect(mail.to).toBe('ruth@example.com')
    expect(mail.subject.length).toBeGreaterThan(10)
    const html = mail.html!
    expect(html).toMatch(/^<!DOCTYPE html/i)
    expect(html).toContain('Lamplight Puzzle Co.')
    expect(html).toContain('#7a2430') // brand colour
    const visible = decode(html).toLowerCase()
    const text = mail.text.toLowerCase()
    for (const piece of content) {
      expect(visible).toContain(piece.toLowerCase())
      expect(text).toContain(piece.toLowerCase())
    }
    expect(mail.text).toContain('Lamplight Puzzle Co.')
    expect(mail.text).not.toMatch(/<(p|div|table|a)\b/) // text, not markup
  })

  it('escapes what people typed and fetches nothing from elsewhere', async () => {
    const mail = await make()
    const html = mail.html!
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b>')
    for (const piece of typed) expect(html).toContain(piece)
    // no remote fonts, images or stylesheets: the only URLs are the mail's own links
    expect(html).not.toMatch(/<(link|img|script|iframe)\b|@import|@font-face|\bsrc="|url\(/i)
  })

  it("greets nobody by name and repeats no name typed at checkout: anyone can type anyone's address there", async () => {
    const mail = await make()
    expect(mail.text).toMatch(/^Hello,$/m)
    for (const part of [mail.text, decode(mail.html!)]) {
      expect(part).not.toContain('alert("x")')
      expect(part).not.toContain('Ruth,')
      expect(part).not.toContain('HYPERLINK')
      expect(part).not.toContain('evil.example')
      expect(part).not.toContain('Vine St</b>')
    }
  })
})

it('a link in the text part stands alone, so it can be followed from any mail client', async () => {
  const mail = await verificationMail('ruth@example.com', URL_)
  expect(mail.text).toContain('Hello,')
  const links = mail.text.match(/https?:\/\/\S+/g)
  expect(links?.[0]).toBe(URL_)
  expect(mail.html).toContain(`href="${URL_.replace(/&/g, '&amp;')}"`)
})

it("a guest's order confirmation does not promise the puzzle from an account it has not got", async () => {
  const guest = await orderConfirmationMail({
    ...order,
    sessionId: null,
    address: null,
    guest: true,
    ownAddress: false,
  })
  expect(guest.text).not.toContain('right away from your account')
  const member = await orderConfirmationMail({
    ...order,
    sessionId: null,
    address: null,
    guest: false,
    ownAddress: false,
  })
  expect(member.text).not.toContain('sign up (or sign in)')
})

it("the account mails greet nobody by name: a sign-up types the name, with anyone's address", async () => {
  const mails = [
    [
      await verificationMail('ruth@example.com', URL_),
      ['Confirm my email', 'please confirm your email address', URL_],
    ],
    [
      await passwordResetMail('ruth@example.com', URL_),
      ['Choose a new password', 'works once, for one hour', URL_],
    ],
    [
      await guestOrdersMail('ruth@example.com', URL_),
      ['Choose my password', 'orders placed as a guest', 'works once, for one hour', URL_],
    ],
    [
      await existingAccountMail('ruth@example.com', 'https://shop.example'),
      ['You already have one', 'https://shop.example/auth'],
    ],
  ] as const
  for (const [mail, content] of mails) {
    expect(mail.to).toBe('ruth@example.com')
    expect(mail.text).toMatch(/^Hello,$/m)
    for (const piece of content) expect(mail.text.toLowerCase()).toContain(piece.toLowerCase())
    expect(mail.html).toContain('Lamplight Puzzle Co.')
  }
})

it('a paid order says the tax it paid, not the cart\'s "calculated at payment"', async () => {
  const base = { ...order, sessionId: null, address: null, guest: true, ownAddress: false }
  const none = await orderConfirmationMail(base)
  expect(none.text).toContain('Tax: $0.00')
  expect(none.text).not.toContain('calculated at payment')
  const taxed = await orderConfirmationMail({ ...base, taxCents: 412 })
  expect(taxed.text).toContain('Tax: $4.12')
})
