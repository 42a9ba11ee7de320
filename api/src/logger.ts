import pino from 'pino'

export type Logger = pino.Logger

/**
 * Structured JSON logs on stdout; secrets and cookies never reach them. Errors are logged
 * through `safeError`: a failed query keeps its SQL (placeholders only) but never its
 * parameters, which hold whatever a visitor sent (reset tokens, contact messages).
 */
export function createLogger(level: string = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'lamplight-api' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
      censor: '[redacted]',
    },
    formatters: { log: (object) => scrubErrors(object, 0) as Record<string, unknown> },
    // Errors are already safe plain objects by now: pino's own serializer would rewrap them.
    serializers: { err: (error: unknown) => (error instanceof Error ? safeError(error) : error) },
    timestamp: isoTimeEachMillisecond(),
  }
  return destination ? pino(options, destination) : pino(options)
}

/**
 * What a database or driver error may keep: names and codes. Everything else is dropped,
 * drizzle's `params`, postgres' `parameters` and `detail` ("Key (email)=(...)") included.
 */
const KEPT_FIELDS = [
  'code',
  'severity',
  'routine',
  'constraint',
  'constraint_name',
  'table',
  'table_name',
  'column',
  'column_name',
  'schema_name',
  'errno',
  'syscall',
  'status',
  'statusCode',
] as const

/** Drops the values out of a driver message: drizzle's "params: ..." and PostgreSQL's quoted input. */
export function scrubMessage(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [redacted]')
    .replace(/(: )"(?:[^"]|"")*"(?=$|\n)/gm, '$1"[redacted]"')
}

/** An error as logged: type, scrubbed message and stack, harmless fields, its cause likewise. */
export function safeError(error: Error, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? 'Error',
    message: scrubMessage(String(error.message ?? '')),
  }
  if (error.stack) out.stack = scrubMessage(error.stack)
  const fields = error as unknown as Record<string, unknown>
  for (const key of KEPT_FIELDS) {
    const value = fields[key]
    if (typeof value === 'string' || typeof value === 'number') out[key] = value
  }
  // The SQL text of a failed query (placeholders, never the values).
  if (typeof fields.query === 'string') out.query = fields.query
  if (error.cause instanceof Error && depth < 5) out.cause = safeError(error.cause, depth + 1)
  return out
}

/**
 * Errors anywhere in a logged object made safe. Copies only what changes: the request line,
 * logged for every request, holds no error and goes through untouched (issue 18).
 */
function scrubErrors(value: unknown, depth: number): unknown {
  if (value instanceof Error) return safeError(value)
  if (depth > 4 || !value || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const scrubbed = scrubErrors(value[i], depth + 1)
      if (scrubbed === value[i]) continue
      copy ??= [...value]
      copy[i] = scrubbed
    }
    return copy ?? value
  }
  let copy: Record<string, unknown> | undefined
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    const scrubbed = scrubErrors(item, depth + 1)
    if (scrubbed === item) continue
    copy ??= { ...value }
    copy[key] = scrubbed
  }
  return copy ?? value
}

/**
 * pino's ISO timestamp, formatted once per millisecond rather than once per line: at a few
 * thousand requests a second, `toISOString()` for every request line showed in the profile.
 */
function isoTimeEachMillisecond(): () => string {
  let lastMs = -1
  let last = ''
  return () => {
    const now = Date.now()
    if (now !== lastMs) {
      lastMs = now
      last = `,"time":"${new Date(now).toISOString()}"`
    }
    return last
  }
}

/** Writes a request's line at info level: `request-logger`'s `logRequest` decides the level. */
export type RequestLine = (reqId: string, method: string, path: string, status: number, ms: number) => void

/**
 * The info line of a request exactly as `logger.info({ reqId, method, path, status, ms },
 * 'request')` writes it (same fields, order and time), made as one string: pino's general
 * work per line (serialisers, the redaction walk, the formatter, key by key JSON) was about
 * 10 µs of a cached read's 65 (issue 18), and none of it changes these five plain fields.
 * A destination that wants each line's metadata (a multistream, a transport) gets it from pino.
 * `logger.test.ts` compares the two.
 */
export function requestLineWriter(logger: Logger): RequestLine {
  const { streamSym, timeSym, chindingsSym, needsMetadataGsym, mixinSym, hooksSym } = pino.symbols
  const parts = logger as unknown as Record<symbol, unknown>
  const stream = parts[streamSym] as pino.DestinationStream & { [needsMetadataGsym]?: boolean }
  const hooks = parts[hooksSym] as { streamWrite?: unknown } | undefined
  const plain = !stream[needsMetadataGsym] && !parts[mixinSym] && !hooks?.streamWrite
  const time = parts[timeSym] as () => string
  const bindings = parts[chindingsSym] as string
  return (reqId, method, path, status, ms) => {
    if (!logger.isLevelEnabled('info')) return
    if (!plain) return logger.info({ reqId, method, path, status, ms }, 'request')
    stream.write(
      `{"level":30${time()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},` +
        `"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    )
  }
}

/**
 * stdout written asynchronously (lines logged while a write is under way go out together),
 * so a request never waits on the terminal or the log collector. `flushLogger` before exiting.
 */
export function asyncStdout(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false })
}

/** Writes out what is still buffered (before process.exit). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()))
}
