import { request } from 'node:http'

export type RawAnswer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  startedAt: number
  endedAt: number
}

/**
 * One request on its own TCP connection (no keep-alive pool), so "refused" means the server
 * no longer listens, and a reset means it dropped a request it had accepted. `readDelayMs`
 * makes a slow reader: the response stays in flight for a while.
 */
export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; readDelayMs?: number } = {},
): Promise<RawAnswer> {
  const startedAt = Date.now()
  return new Promise((resolve, reject) => {
    let responded = false
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      responded = true
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        if (init.readDelayMs) {
          res.pause()
          setTimeout(() => res.resume(), init.readDelayMs)
        }
      })
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          startedAt,
          endedAt: Date.now(),
        }),
      )
      // Once an answer has begun, any failure is a cut-off answer (never a refusal).
      const cutOff = (why: unknown) => reject(new Error(`the response was cut off: ${String(why)}`))
      res.on('error', cutOff)
      res.on('aborted', () => cutOff('aborted'))
    })
    req.on('error', (error) =>
      responded ? reject(new Error(`the response was cut off: ${error.message}`)) : reject(error),
    )
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')))
    if (init.body) req.write(init.body)
    req.end()
  })
}
