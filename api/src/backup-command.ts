import { BackupError, backupDatabase, restoreDatabase } from './backup'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/lock'

// `npm run backup -w api [-- <file>]` and `npm run restore -w api -- <file>`: see README,
// "Backup and restore". The embedded database must not be open in a running server.
async function main() {
  const [action, file] = process.argv.slice(2)
  const config = loadConfig()
  if (action === 'backup') {
    const started = Date.now()
    const result = await backupDatabase(config, file)
    console.log(
      `backup: ${result.driver} database saved to ${result.file} (${result.bytes} bytes, ${Date.now() - started} ms)`,
    )
  } else if (action === 'restore') {
    if (!file) throw new BackupError('Which backup? npm run restore -w api -- <file>')
    const result = await restoreDatabase(config, file)
    console.log(
      `restore: ${result.driver} database restored from ${file}${result.previous ? ` (the one it replaced is kept in ${result.previous})` : ''}`,
    )
  } else {
    throw new BackupError(
      'usage: backup [file] | restore <file> (npm run backup -w api, or node dist/backup-command.mjs in the image)',
    )
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupError || error instanceof DataDirLockedError) {
    console.error(error.message)
  } else {
    console.error('failed:', error)
  }
  process.exit(1)
})
