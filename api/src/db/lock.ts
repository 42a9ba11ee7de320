import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * PGlite is one process's database: a second process opening the same folder corrupts
 * it. Whoever opens it first writes its pid here; anyone else is refused.
 */
export class DataDirLockedError extends Error {}

export function acquireDataDirLock(dataDir: string, holder: string): () => void {
  const file = path.join(dataDir, 'lamplight.lock')
  try {
    const [pidText, other] = readFileSync(file, 'utf8').split('\n')
    const pid = Number(pidText)
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by ${other || 'another process'} (pid ${pid}). Stop it first, or run this through the running app.`,
      )
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error
    // No lock file (or an unreadable one): take it.
  }
  writeFileSync(file, `${process.pid}\n${holder}\n`)
  return () => {
    try {
      const [pidText] = readFileSync(file, 'utf8').split('\n')
      if (Number(pidText) === process.pid) rmSync(file)
    } catch {
      // Already gone.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
