import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { getTableName } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import * as schema from '#api/db/schema'

/**
 * Issue 36 §7: a row the database removes by a cascade is removed without a word unless the store
 * that deletes its parent records it. Each `on delete cascade` key of the schema is listed here with
 * what happens to its children, so that a new one cannot arrive without that question answered:
 *
 * - `recorded`: the parent's store removes and records the children first (the API tests check it);
 * - `never deleted`: no store deletes the parent (accounts are deactivated, roles, clusters and
 *   planning types are kept), checked below in the stores' sources;
 * - `emptied first`: the parent goes only once it has no children left.
 */
type Fate =
  | { recorded: string }
  | { neverDeleted: true }
  | { emptiedFirst: string }

const CASCADES: Record<string, Fate> = {
  'profiles.user_id → users': { neverDeleted: true },
  'sessions.user_id → users': { neverDeleted: true },
  'one_time_codes.user_id → users': { neverDeleted: true },
  'password_resets.user_id → users': { neverDeleted: true },
  'role_histories.user_id → users': { neverDeleted: true },
  'leave.user_id → users': { neverDeleted: true },
  'project_entity_user_mappings.user_id → users': { neverDeleted: true },
  'project_entity_user_mappings.role_id → roles': { neverDeleted: true },
  'project_entity_user_mappings.cluster_id → clusters': { neverDeleted: true },
  'site_overrides.cluster_id → clusters': { neverDeleted: true },
  'planning_roles.planning_id → plannings': { neverDeleted: true },
  'template_items.template_id → resource_planning_templates': { emptiedFirst: 'removeTemplateItem removes a template with its last item (tests/api/audit-planning.test.ts)' },
  'project_entities.instance_id → project_resource_instances': { recorded: 'deleteFromCard and savePlan record each instance of a card removed (tests/api/audit-planning.test.ts)' },
  'project_entity_user_mappings.project_entity_id → project_entities': { recorded: "tagRemovals records each person's tags on instances removed (tests/api/audit-planning.test.ts)" },
  'site_overrides.project_id → projects': { recorded: 'deleteProject records each Site override of the project (tests/api/audit-planning.test.ts)' },
}

/** Each table of the schema with the name its module exports it under. */
const tables = Object.entries(schema as Record<string, unknown>).flatMap(([variable, value]) => (value instanceof PgTable ? [{ variable, table: value }] : []))

/** Every `on delete cascade` key of the schema, as "child.column → parent". */
const cascades = tables.flatMap(({ table }) => {
  const config = getTableConfig(table)
  return config.foreignKeys
    .filter((key) => key.onDelete === 'cascade')
    .map((key) => {
      const { columns, foreignTable } = key.reference()
      return `${config.name}.${columns.map((column) => column.name).join(', ')} → ${getTableName(foreignTable)}`
    })
})

/** Every .ts file under api/, but its migrations. */
function apiSources(dir = path.resolve(import.meta.dirname, '../../api')): { file: string; source: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : apiSources(full)
    return name.endsWith('.ts') ? [{ file: path.relative(process.cwd(), full), source: readFileSync(full, 'utf8') }] : []
  })
}

describe('each row a cascade removes is on record, or its parent is never deleted', () => {
  test('every cascade of the schema is listed with what becomes of its children (a new one must be added here)', () => {
    expect(cascades.length).toBeGreaterThan(10)
    expect(cascades.sort()).toEqual(Object.keys(CASCADES).sort())
  })

  test('no store deletes a parent listed as never deleted', () => {
    const kept = new Set(Object.entries(CASCADES).flatMap(([key, fate]) => ('neverDeleted' in fate ? [key.split(' → ')[1]] : [])))
    const variableOf = new Map(tables.map(({ variable, table }) => [getTableName(table), variable]))
    const found = apiSources().flatMap(({ file, source }) =>
      [...kept].flatMap((table) => {
        const deletes = new RegExp(`\\.delete\\(\\s*${variableOf.get(table)}\\s*\\)|delete\\s+from\\s+"?${table}\\b`, 'gi')
        return [...source.matchAll(deletes)].map((hit) => `${file}: ${hit[0]}`)
      }),
    )
    expect(kept).toEqual(new Set(['users', 'roles', 'clusters', 'plannings']))
    expect(found).toEqual([])
  })
})
