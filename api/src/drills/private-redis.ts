import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { promisify } from 'node:util'
import { freePort } from './ports'
import { waitFor } from './server-process'

const run = promisify(execFile)

/** Why the drill cannot start a Redis of its own here, or null when it can. */
export async function privateRedisUnavailable(): Promise<string | null> {
  try {
    await run('redis-server', ['--version'])
    return null
  } catch {
    return 'no redis-server on PATH'
  }
}

const answersPing = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.setTimeout(1000, () => socket.destroy())
    socket.once('error', () => resolve(false))
    socket.once('close', () => resolve(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'))
      socket.destroy()
    })
  })

/**
 * A Redis of the drill's own on a free port, never the shared one: no persistence, so a
 * stop and start is a Redis that lost everything (as a restarted cache does).
 */
export async function startPrivateRedis() {
  const port = await freePort()
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    )
    await waitFor('redis-server to answer PING', () => answersPing(port), 30_000)
  }
  const stop = async () => {
    const running = child
    child = null
    if (!running || running.exitCode !== null) return
    const exited = new Promise((r) => running.once('exit', r))
    running.kill('SIGTERM')
    await exited
  }
  await start()
  return { port, url: (db = 0) => `redis://127.0.0.1:${port}/${db}`, start, stop, destroy: stop }
}

/**
 * A TCP relay in front of a server: `cut()` drops every connection and stops listening
 * (a network partition: the server behind keeps its data), `restore()` listens again.
 * `slowConnections(ms)` holds each new connection that long before it reaches the server
 * (a slow network or a loaded machine: connected, but no answer yet).
 */
export async function startRelay(targetPort: number) {
  const port = await freePort()
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let delayMs = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        sockets.add(client)
        client.on('close', () => sockets.delete(client))
        client.on('error', () => client.destroy())
        // What the client sends meanwhile waits in its socket's buffer (not read yet).
        const wire = () => {
          if (client.destroyed) return
          const upstream = connect(targetPort, '127.0.0.1')
          sockets.add(upstream)
          upstream.on('close', () => sockets.delete(upstream))
          for (const s of [client, upstream])
            s.on('error', () => {
              client.destroy()
              upstream.destroy()
            })
          client.pipe(upstream).pipe(client)
        }
        if (delayMs) setTimeout(wire, delayMs)
        else wire()
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
  await listen()
  return {
    port,
    url: (db = 0) => `redis://127.0.0.1:${port}/${db}`,
    cut: async () => {
      const closing = server ? new Promise<void>((r) => server!.close(() => r())) : Promise.resolve()
      server = null
      for (const s of sockets) s.destroy()
      await closing
    },
    restore: listen,
    slowConnections: (ms: number) => {
      delayMs = ms
    },
    close: async () => {
      for (const s of sockets) s.destroy()
      if (server) await new Promise<void>((r) => server!.close(() => r()))
    },
  }
}
