/**
 * A benchmark's own database: embedded PGlite (in memory, or in a folder when other processes must
 * open it), or, when DATABASE_URL is set, a new PostgreSQL database created beside the one it
 * names and dropped at the end.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'

type Embedded = { memory: true } | { dataDir: string }
export type BenchDatabase = { kind: 'pglite' | 'postgres'; options: Embedded | { databaseUrl: string }; drop: () => Promise<void> }

export async function benchDatabase(embedded: Embedded): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL
  if (!base) return { kind: 'pglite', options: embedded, drop: async () => {} }
  const name = `bench_${randomBytes(6).toString('hex')}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await run(`create database ${name}`)
  // A bench that stops on an error cannot drop it any more (the exit is synchronous): it says so.
  process.on('exit', (code) => {
    if (code !== 0) console.error(`The bench stopped early: its database ${name} is left behind (drop database ${name}).`)
  })
  const url = new URL(base)
  url.pathname = `/${name}`
  return { kind: 'postgres', options: { databaseUrl: url.toString() }, drop: () => run(`drop database if exists ${name} with (force)`) }
}
