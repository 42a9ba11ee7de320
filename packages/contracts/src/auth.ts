import { z } from 'zod'
import { endpoint } from './endpoint'

/**
 * Accounts are better-auth's endpoints under /api/auth; we declare them as one public
 * pass-through (better-auth validates its own bodies; the API rewrites its errors into our
 * shape). The password policy lives here so the sign-up form and the server agree.
 */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

export const authContract = {
  getAuth: endpoint({
    method: 'GET',
    path: '/auth/*',
    access: 'public',
    summary: 'better-auth: get-session, verify-email, reset-password callback',
  }),
  postAuth: endpoint({
    method: 'POST',
    path: '/auth/*',
    access: 'public',
    summary:
      'better-auth: sign-up/email, sign-in/email, sign-out, request-password-reset, reset-password, update-user',
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/dev/mail',
    // Never by address: behind a proxy every visitor is "this machine" (issue 9).
    access: 'admin',
    summary: 'The mail outbox, when mail is not sent by SMTP (development and the embedded default)',
    produces: 'text/html, application/json',
  }),
}

export const EmailSchema = z.email('Please enter a valid email address.').max(254)
