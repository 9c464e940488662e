import { readFileSync, readdirSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startApi, type Api } from '../support/api-harness'

/**
 * The plpgsql that notes which projects a write touched has one source people read,
 * api/read-model/changes.sql; the migrations install it. What a migrated database holds must be
 * that file, function for function and trigger for trigger, so the file is never a description that
 * drifted from what runs.
 */

const root = new URL('../../', import.meta.url)
const source = readFileSync(new URL('api/read-model/changes.sql', root), 'utf8')
const migrations = new URL('api/db/migrations/', root)

/** Each function of changes.sql: its name, arguments, result, language, volatility and body (between the $$, as PostgreSQL keeps it in prosrc). */
const declared = [...source.matchAll(/CREATE OR REPLACE FUNCTION "(\w+)"\(([^)]*)\) RETURNS (\S+) LANGUAGE (\w+)(?: (STABLE|IMMUTABLE))? AS \$\$([\s\S]*?)\$\$;/g)].map(
  ([, name, args, returns, language, volatility, body]) => ({ name: name!, args: args!, returns: returns!, language: language!, volatility: volatility ?? 'VOLATILE', body: body! }),
)
/** The tables changes.sql has note_plan_change watch. */
const watchedForPlans = JSON.parse(`[${/FOREACH watched IN ARRAY ARRAY\[([^\]]*)\]/.exec(source)![1]!.replaceAll("'", '"')}]`) as string[]

let api: Api
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api?.close())

const rows = async <T,>(query: ReturnType<typeof sql>) => (await api.db.execute(query)) as unknown as { rows: T[] }

describe('api/read-model/changes.sql is what the migrations installed', () => {
  test('it declares the seven functions the triggers run', () => {
    expect(declared.map((fn) => fn.name).sort()).toEqual(['note_plan_change', 'note_plans_truncated', 'plan_revision_of_transaction', 'projects_reading', 'raise_leave_revision', 'raise_people_revision', 'read_by_plans'])
  })

  test('each installed function is the one in changes.sql, body, arguments, result, language and volatility', async () => {
    const { rows: installed } = await rows<{ name: string; args: string; returns: string; language: string; volatility: string; body: string }>(
      sql`select p.proname as name, pg_get_function_arguments(p.oid) as args, pg_get_function_result(p.oid) as returns, l.lanname as language,
                 case p.provolatile when 's' then 'STABLE' when 'i' then 'IMMUTABLE' else 'VOLATILE' end as volatility, p.prosrc as body
            from pg_proc p join pg_language l on l.oid = p.prolang join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public' and l.lanname in ('plpgsql', 'sql') order by 1`,
    )
    expect(installed.map((fn) => fn.name).sort()).toEqual(declared.map((fn) => fn.name).sort())
    for (const fn of declared) {
      const found = installed.find((row) => row.name === fn.name)!
      expect({ ...found, returns: found.returns.replace(/\s+/g, ''), language: found.language.toLowerCase() }, fn.name).toEqual({
        name: fn.name,
        args: fn.args,
        returns: fn.returns,
        language: fn.language.toLowerCase(),
        volatility: fn.volatility,
        body: fn.body,
      })
    }
  })

  test('the triggers are the ones changes.sql installs: plans on its tables, leave on leave, people on users and profiles, each at commit for rows and at once for a TRUNCATE', async () => {
    const { rows: triggers } = await rows<{ name: string; tbl: string; fn: string; deferred: boolean }>(
      sql`select t.tgname as name, c.relname as tbl, p.proname as fn, t.tginitdeferred as deferred
            from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
           where not t.tgisinternal and p.proname in ('note_plan_change', 'note_plans_truncated', 'raise_leave_revision', 'raise_people_revision') order by 2, 1`,
    )
    const expected = [
      ...watchedForPlans.flatMap((tbl) => [
        { name: `${tbl}_note_plan_change`, tbl, fn: 'note_plan_change', deferred: true },
        { name: `${tbl}_truncate_notes_every_plan`, tbl, fn: 'note_plans_truncated', deferred: false },
      ]),
      { name: 'leave_raise_leave_revision', tbl: 'leave', fn: 'raise_leave_revision', deferred: true },
      { name: 'leave_truncate_raises_leave_revision', tbl: 'leave', fn: 'raise_leave_revision', deferred: false },
      ...['users', 'profiles'].flatMap((tbl) => [
        { name: `${tbl}_raise_people_revision`, tbl, fn: 'raise_people_revision', deferred: true },
        { name: `${tbl}_truncate_raises_people_revision`, tbl, fn: 'raise_people_revision', deferred: false },
      ]),
    ].sort((a, b) => a.tbl.localeCompare(b.tbl) || a.name.localeCompare(b.name))
    expect(triggers.map((row) => ({ ...row })).sort((a, b) => a.tbl.localeCompare(b.tbl) || a.name.localeCompare(b.name))).toEqual(expected)
  })

  test('every migration that installs one of its functions names changes.sql as their source', () => {
    const installing = readdirSync(migrations)
      .filter((name) => name.endsWith('.sql'))
      .filter((name) => /CREATE (OR REPLACE )?FUNCTION/.test(readFileSync(new URL(name, migrations), 'utf8')))
    expect(installing.length).toBeGreaterThanOrEqual(4)
    for (const name of installing) expect(readFileSync(new URL(name, migrations), 'utf8'), name).toContain('api/read-model/changes.sql')
  })
})
