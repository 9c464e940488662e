import { defineConfig } from 'drizzle-kit'

// Migrations are generated from api/db/schema.ts and committed; both databases run the same SQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/db/schema.ts',
  out: './api/db/migrations',
})
