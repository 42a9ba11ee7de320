import { escapeHtml } from '../lib/html'
import type { Mail } from '../mail'

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,')

function layout(lines: string[], url: string, action: string): string {
  return `<div style="font-family:Georgia,serif;color:#2a2018;max-width:520px">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(url)}" style="background:#7a2430;color:#fff8ec;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p><p style="color:#6a5848;font-size:13px">Or open this link: ${escapeHtml(url)}</p></div>`
}

export function verificationMail(to: string, name: string, url: string): Mail {
  const lines = [
    greeting(name),
    'Welcome to Lamplight Puzzle Co.! Please confirm your email address so we know it is really you.',
    'If you did not create an account, you can ignore this message.',
  ]
  return {
    to,
    subject: 'Confirm your email for Lamplight Puzzle Co.',
    text: `${lines.join('\n\n')}\n\nConfirm your email: ${url}\n`,
    html: layout(lines, url, 'Confirm my email'),
  }
}

export function passwordResetMail(to: string, name: string, url: string): Mail {
  const lines = [
    greeting(name),
    'Someone (we hope you) asked to reset the password of your Lamplight Puzzle Co. account.',
    'The link below works once, for one hour. If you did not ask for it, ignore this message: your password stays as it is.',
  ]
  return {
    to,
    subject: 'Reset your Lamplight Puzzle Co. password',
    text: `${lines.join('\n\n')}\n\nChoose a new password: ${url}\n`,
    html: layout(lines, url, 'Choose a new password'),
  }
}
