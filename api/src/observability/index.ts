import { defaultStackParser, makeNodeTransport, NodeClient, Scope } from '@sentry/node'

/**
 * Error reporting to a Sentry-compatible tracker (Sentry, GlitchTip, a self-hosted relay).
 * Nothing is created, and nothing leaves the process, unless SENTRY_DSN is set. The client
 * is our own (not Sentry's global hub): no automatic instrumentation, no request bodies,
 * cookies or headers; only what the error handler hands it, tagged with the request id.
 */
export type ErrorContext = {
  requestId?: string
  method?: string
  path?: string
  /** Where it failed when not in a request: 'outbox', 'startup', ... */
  where?: string
}

export interface ErrorReporter {
  readonly enabled: boolean
  capture(error: unknown, context?: ErrorContext): void
  /** Waits (up to timeoutMs) for queued events to be sent; the server calls it on shutdown. */
  flush(timeoutMs?: number): Promise<boolean>
}

export type ErrorReportingConfig = {
  dsn?: string | undefined
  environment: string
  release: string
}

export const noErrorReporter: ErrorReporter = {
  enabled: false,
  capture: () => {},
  flush: async () => true,
}

export function createErrorReporter(config: ErrorReportingConfig): ErrorReporter {
  if (!config.dsn) return noErrorReporter
  const client = new NodeClient({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [],
    tracesSampleRate: 0,
  })
  const base = new Scope()
  base.setClient(client)
  client.init()
  return {
    enabled: true,
    capture(error, context = {}) {
      const scope = base.clone()
      scope.setTag('service', 'api')
      if (context.requestId) scope.setTag('request_id', context.requestId)
      if (context.where) scope.setTag('where', context.where)
      if (context.method || context.path)
        scope.setContext('request', { method: context.method, path: context.path })
      scope.captureException(error)
    },
    flush: async (timeoutMs = 2000) => await client.flush(timeoutMs),
  }
}

/** The origin the browser posts its reports to (for the CSP's connect-src); null if none or invalid. */
export function dsnOrigin(dsn: string | undefined): string | null {
  if (!dsn) return null
  try {
    return new URL(dsn).origin
  } catch {
    return null
  }
}
