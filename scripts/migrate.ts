import { parseEnv } from '#domain/env'
import { openDatabase } from '#api/db/client'

// `npm run migrate`: the step to run once before starting several API processes on PostgreSQL.
const env = parseEnv(process.env)
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR })
await database.migrate()
await database.close()
console.log(`Migrations applied (${database.kind} database).`)
