/**
 * A benchmark's own database: embedded PGlite (in memory, or in a folder when other processes must
 * open it), or, when DATABASE_URL is set, a new PostgreSQL database created beside the one it
 * names and dropped at the end (tests/support/scratch.ts makes it, as for the tests).
 */
import { scratchPostgres } from '../../tests/support/scratch'

type Embedded = { memory: true } | { dataDir: string }
export type BenchDatabase = { kind: 'pglite' | 'postgres'; options: Embedded | { databaseUrl: string }; drop: () => Promise<void> }

export async function benchDatabase(embedded: Embedded): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL
  if (!base) return { kind: 'pglite', options: embedded, drop: async () => {} }
  const { name, url, drop } = await scratchPostgres(base, 'bench')
  // A bench that stops on an error cannot drop it any more (the exit is synchronous): it says so.
  process.on('exit', (code) => {
    if (code !== 0) console.error(`The bench stopped early: its database ${name} is left behind (drop database ${name}).`)
  })
  return { kind: 'postgres', options: { databaseUrl: url }, drop }
}
