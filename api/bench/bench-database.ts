import { createTestDatabase, type Driver, type TestDatabase } from '../src/test/database'

/**
 * Runs a bench on a fresh database (PostgreSQL when DATABASE_URL is set, else PGlite),
 * dropped after it, or kept with BENCH_KEEP for a look (its address printed). A failure is
 * printed and exits 1.
 */
export function runBench(bench: (database: TestDatabase, driver: Driver) => Promise<void>) {
  const main = async () => {
    const driver: Driver = process.env.DATABASE_URL ? 'postgres' : 'pglite'
    const database = await createTestDatabase(driver)
    try {
      await bench(database, driver)
    } finally {
      if (process.env.BENCH_KEEP) {
        console.log(`kept the database (BENCH_KEEP): ${database.url ?? 'in memory'}`)
        await database.close()
      } else await database.destroy()
    }
  }
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
