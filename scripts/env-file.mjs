// A .env file beside package.json sets the variables the environment leaves unset (the environment
// wins, as with Node's --env-file). Imported first by every entry command: start, seed, migrate, backup, restore.
import fs from 'node:fs'

if (fs.existsSync('.env')) process.loadEnvFile('.env')
