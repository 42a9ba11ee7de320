import pino from 'pino'

export type Logger = pino.Logger

/** Structured JSON logs on stdout; secrets and cookies never reach them. */
export function createLogger(level: string = 'info'): Logger {
  return pino({
    level,
    base: { service: 'lamplight-api' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  })
}
