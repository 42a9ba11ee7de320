import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The API suite's longest files (measured on PostgreSQL under load: the hostile-input battery
 * about 100 s, the seed's art 33 s, server and backup 23-26 s, each spawning processes).
 * Started first, they run beside the many short files instead of alone at the end.
 */
export const SLOW_FILES = [
  'src/security/battery.test.ts',
  'seed/art.test.ts',
  'src/server.test.ts',
  'src/backup/backup.test.ts',
]

/**
 * Vitest runs the files that took longest last time first, but a clean clone (CI) has no
 * record of last time, so it goes by file size, which put the battery in the middle and the
 * art and server tests near the end: one worker idle while the other finished them. These
 * go first; the rest in vitest's own order.
 */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(`/${slow}`))
      return index === -1 ? SLOW_FILES.length : index
    }
    // Array.prototype.sort is stable: the others keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}
