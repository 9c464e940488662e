import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { AccountStatus, Permission } from '#domain/constants'
import type { ProfileDraft, ProfileSubmission } from '#domain/profile'
import type { ClusterList } from '#domain/planning/cluster-list'
import type { Interchange } from '#domain/planning/schemas'
import type { AuditAction, AuditEntityType, AuditFieldChange } from '#domain/contracts/audit'

const id = () => uuid('id').primaryKey().defaultRandom()
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const roles = pgTable('roles', {
  id: id(),
  name: text('name').notNull(),
  permissions: text('permissions').array().$type<Permission[]>().notNull().default(sql`'{}'::text[]`),
  /** How many calendar months before a cluster starts its people must be hired; one, as Deployed By. */
  leadMonths: integer('lead_months').notNull().default(1),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('roles_name_lower').on(sql`lower(${t.name})`), check('roles_lead_months_range', sql`${t.leadMonths} between 0 and 24`)])

export const users = pgTable('users', {
  id: id(),
  /** Stored lower-cased: one account per address whatever its case. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: at('email_verified_at'),
  status: text('status').$type<AccountStatus>().notNull().default('Active'),
  /**
   * The person's one role (DESIGN §4), picked on their profile or set by someone with `edit`: its
   * name is kept beside its id ('User' when none), as role history keeps it, for lists and filters.
   */
  role: text('role').notNull().default('User'),
  roleId: uuid('role_id').references(() => roles.id, { onDelete: 'set null' }),
  /** Individual: picking a role grants nothing; someone allowed to grant sets them to a role's list. */
  permissions: text('permissions').array().$type<Permission[]>().notNull().default(sql`'{}'::text[]`),
  fullName: text('full_name'),
  createdAt: at('created_at').notNull(),
})

type Sections = Pick<ProfileSubmission, 'personal' | 'professional' | 'financial'>

export const profiles = pgTable('profiles', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  personal: jsonb('personal').$type<Sections['personal']>().notNull(),
  professional: jsonb('professional').$type<Sections['professional']>().notNull(),
  financial: jsonb('financial').$type<Sections['financial']>().notNull(),
  updatedAt: at('updated_at').notNull(),
})

export const sessions = pgTable('sessions', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
  expiresAt: at('expires_at').notNull(),
}, (t) => [index('sessions_user').on(t.userId)])

export const oneTimeCodes = pgTable('one_time_codes', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  /** Set when the code is used, burnt by wrong tries, or replaced by a newer one. */
  spentAt: at('spent_at'),
}, (t) => [index('one_time_codes_user').on(t.userId, t.purpose, t.createdAt)])

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
}, (t) => [index('password_resets_user').on(t.userId, t.createdAt)])

/** One row per counted event (a failed login...) so every process sees the same window. */
export const rateEvents = pgTable('rate_events', {
  id: id(),
  key: text('key').notNull(),
  at: at('at').notNull(),
}, (t) => [index('rate_events_key_at').on(t.key, t.at)])

/** A profile form kept for someone who was asked to sign in: keyed by a random cookie token. */
export const profileDrafts = pgTable('profile_drafts', {
  tokenHash: text('token_hash').primaryKey(),
  data: jsonb('data').$type<ProfileDraft>().notNull(),
  updatedAt: at('updated_at').notNull(),
  expiresAt: at('expires_at').notNull(),
})


/** Every change of a person's role, by themselves or by an editor. Names are copied so history outlives renames. */
export const roleHistories = pgTable('role_histories', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  initialRoleId: uuid('initial_role_id').references(() => roles.id, { onDelete: 'set null' }),
  initialRoleName: text('initial_role_name').notNull(),
  newRoleId: uuid('new_role_id').references(() => roles.id, { onDelete: 'set null' }),
  newRoleName: text('new_role_name').notNull(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedByName: text('updated_by_name').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [index('role_histories_updated').on(t.updatedAt)])

// Planning. Names are unique whatever their case. What other rows use cannot be deleted
// (restrict): the API answers 409 first, the foreign keys stop the races it cannot see.

export const categories = pgTable('categories', {
  id: id(),
  name: text('name').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('categories_name_lower').on(sql`lower(${t.name})`)])

/** Entity types of a category (Site, Tower, Villa...): the spec's "entities". */
export const entities = pgTable('entities', {
  id: id(),
  categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [
  uniqueIndex('entities_category_name_lower').on(t.categoryId, sql`lower(${t.name})`),
  // Target of the (entity, category) keys below: a row's category is always its entity's category.
  unique('entities_id_category').on(t.id, t.categoryId),
])

export const clusters = pgTable('clusters', {
  id: id(),
  categoryId: uuid('category_id').notNull(),
  entityId: uuid('entity_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  createdAt: at('created_at').notNull(),
}, (t) => [
  uniqueIndex('clusters_entity_name_lower').on(t.entityId, sql`lower(${t.name})`),
  index('clusters_category').on(t.categoryId),
  foreignKey({ name: 'clusters_entity_fk', columns: [t.entityId, t.categoryId], foreignColumns: [entities.id, entities.categoryId] }).onDelete('restrict'),
  check('clusters_dates_ordered', sql`${t.startDate} is null or ${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
])

export const projects = pgTable('projects', {
  id: id(),
  name: text('name').notNull(),
  /** When set, the project's planning is fixed to this category (spec/administration-planning.md §2 Project Resource Planning). */
  globalCategoryId: uuid('global_category_id').references(() => categories.id, { onDelete: 'restrict' }),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('projects_name_lower').on(sql`lower(${t.name})`), index('projects_global_category').on(t.globalCategoryId)])

/** Planning types: a named set of roles, each with its clusters, for one entity type. */
export const plannings = pgTable('plannings', {
  id: id(),
  categoryId: uuid('category_id').notNull(),
  entityId: uuid('entity_id').notNull(),
  typeName: text('type_name').notNull(),
  createdAt: at('created_at').notNull(),
}, (t) => [
  uniqueIndex('plannings_entity_type_name_lower').on(t.entityId, sql`lower(${t.typeName})`),
  index('plannings_category').on(t.categoryId),
  foreignKey({ name: 'plannings_entity_fk', columns: [t.entityId, t.categoryId], foreignColumns: [entities.id, entities.categoryId] }).onDelete('restrict'),
  unique('plannings_id_scope').on(t.id, t.categoryId, t.entityId),
])

/** A role of a planning type and its clusters: single ids and groups, in order. */
export const planningRoles = pgTable('planning_roles', {
  planningId: uuid('planning_id').notNull().references(() => plannings.id, { onDelete: 'cascade' }),
  roleId: uuid('role_id').notNull().references(() => roles.id, { onDelete: 'restrict' }),
  position: integer('position').notNull(),
  clusters: jsonb('clusters').$type<ClusterList>().notNull(),
}, (t) => [primaryKey({ columns: [t.planningId, t.roleId] }), index('planning_roles_role').on(t.roleId)])

/** At most one template per category, entity and planning type; its planning type is of that entity. */
export const resourcePlanningTemplates = pgTable('resource_planning_templates', {
  id: id(),
  categoryId: uuid('category_id').notNull(),
  entityId: uuid('entity_id').notNull(),
  planningId: uuid('planning_id').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  unique('resource_planning_templates_combo').on(t.categoryId, t.entityId, t.planningId),
  index('resource_planning_templates_planning').on(t.planningId),
  foreignKey({
    name: 'resource_planning_templates_planning_fk',
    columns: [t.planningId, t.categoryId, t.entityId],
    foreignColumns: [plannings.id, plannings.categoryId, plannings.entityId],
  }).onDelete('restrict'),
])

/** One cluster (or group) of one role in a template: the people it needs and where some come from. */
export const templateItems = pgTable('template_items', {
  id: id(),
  templateId: uuid('template_id').notNull().references(() => resourcePlanningTemplates.id, { onDelete: 'cascade' }),
  roleId: uuid('role_id').notNull().references(() => roles.id, { onDelete: 'restrict' }),
  /** One cluster id, or the ids of a group. */
  clusterIds: jsonb('cluster_ids').$type<string[]>().notNull(),
  plannedPeople: integer('planned_people').notNull().default(0),
  isInterchange: boolean('is_interchange').notNull().default(false),
  interchanges: jsonb('interchanges').$type<Interchange[]>().notNull().default(sql`'[]'::jsonb`),
  position: integer('position').notNull(),
}, (t) => [
  index('template_items_template').on(t.templateId, t.position),
  index('template_items_role').on(t.roleId),
  check('template_items_planned_people', sql`${t.plannedPeople} >= 0`),
])

// Projects. A project's plan is a set of cards, one per category, entity type and
// planning type; each card has named instances (Tower A, Tower B...), the "project entities" users
// are tagged to. A card's Number is the count of its instances, so it is not stored twice.

export const projectResourceInstances = pgTable('project_resource_instances', {
  id: id(),
  projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'restrict' }),
  categoryId: uuid('category_id').notNull(),
  entityId: uuid('entity_id').notNull(),
  planningId: uuid('planning_id').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  unique('project_resource_instances_combo').on(t.projectId, t.categoryId, t.entityId, t.planningId),
  index('project_resource_instances_planning').on(t.planningId),
  foreignKey({
    name: 'project_resource_instances_planning_fk',
    columns: [t.planningId, t.categoryId, t.entityId],
    foreignColumns: [plannings.id, plannings.categoryId, plannings.entityId],
  }).onDelete('restrict'),
])

/** One named instance of a card: what users are tagged to. Names differ within a card (checked by the API under a row lock). */
export const projectEntities = pgTable('project_entities', {
  id: id(),
  instanceId: uuid('instance_id').notNull().references(() => projectResourceInstances.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull(),
}, (t) => [index('project_entities_instance').on(t.instanceId, t.position)])

/** A user tagged to one cluster of one role of one instance. Removing the instance removes its tags. */
export const projectEntityUserMappings = pgTable('project_entity_user_mappings', {
  projectEntityId: uuid('project_entity_id').notNull().references(() => projectEntities.id, { onDelete: 'cascade' }),
  roleId: uuid('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  clusterId: uuid('cluster_id').notNull().references(() => clusters.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
}, (t) => [
  primaryKey({ columns: [t.projectEntityId, t.roleId, t.clusterId, t.userId] }),
  index('project_entity_user_mappings_user').on(t.userId),
  index('project_entity_user_mappings_cluster').on(t.clusterId),
])

/** A project's own dates for a cluster of the Site entity type, over the cluster's defaults. */
export const siteOverrides = pgTable('site_overrides', {
  projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  clusterId: uuid('cluster_id').notNull().references(() => clusters.id, { onDelete: 'cascade' }),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  primaryKey({ columns: [t.projectId, t.clusterId] }),
  index('site_overrides_cluster').on(t.clusterId),
  check('site_overrides_dates_ordered', sql`${t.startDate} is null or ${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
])

/** A person's leave, inclusive at both ends: recorded by themselves or by someone with `edit`. */
export const leave = pgTable('leave', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  note: text('note').notNull().default(''),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull(),
}, (t) => [
  index('leave_user').on(t.userId, t.startDate),
  check('leave_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
])

/**
 * One row counting the committed changes to what people over time reads: `revision` those to the
 * plans' tables and roles (migration 0007's triggers), `leave_revision` those to leave, apart
 * (migration 0008's), so that recording leave makes nobody read every plan again. Each
 * is raised once per writing transaction, at its commit, so any process can tell in one read
 * whether a summary it computed is still true (api/schedule/revision.ts).
 *
 * Which plans a change touched (migration 0009): `project_revisions` holds, per project,
 * the last revision that changed what its plan reads (a global table, such as a cluster's dates,
 * counts for every project whose plan uses the row); `every_project_revision` the last that
 * touched them all (a TRUNCATE). A process then reads again only the plans that moved. Kept in this
 * row rather than a table of their own: the same commit-time lock covers them, and the copy to
 * PostgreSQL rewrites this one row as it already does (api/db/copy.ts).
 */
export const planRevision = pgTable('plan_revision', {
  id: integer('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  leaveRevision: bigint('leave_revision', { mode: 'number' }).notNull().default(0),
  projectRevisions: jsonb('project_revisions').$type<Record<string, number>>().notNull().default({}),
  everyProjectRevision: bigint('every_project_revision', { mode: 'number' }).notNull().default(0),
  /**
   * Per project, the last revision that changed more of its plan than its tags (migration 0011): a
   * project whose tags alone moved since has only its tags read again: tags are what planners change most.
   */
  projectPlanRevisions: jsonb('project_plan_revisions').$type<Record<string, number>>().notNull().default({}),
  /**
   * The committed changes to who the Schedule lists (people joining, leaving, renamed, given a role
   * or a work location; migration 0012, api/read-model/changes.sql): its rows are kept while it
   * stands still, so a page reads no one again.
   */
  peopleRevision: bigint('people_revision', { mode: 'number' }).notNull().default(0),
}, (t) => [check('plan_revision_one_row', sql`${t.id} = 1`)])

/**
 * The audit log: one row per change, written by the store that made it, in the same
 * transaction. No foreign keys: an entry outlives the person, project or row it names, so ids are
 * kept as they were and labels are copied. Not watched by the plans' revision triggers: recording
 * a change must not make every kept reading read again.
 */
export const auditEntries = pgTable('audit_entries', {
  id: id(),
  at: at('at').notNull(),
  /** Null for the system (the seed, a start-up task). */
  actorId: uuid('actor_id'),
  /** The actor's name or email as it was, or "system". */
  actorName: text('actor_name').notNull(),
  entityType: text('entity_type').$type<AuditEntityType>().notNull(),
  entityId: text('entity_id').notNull(),
  label: text('label').notNull(),
  action: text('action').$type<AuditAction>().notNull(),
  changes: jsonb('changes').$type<AuditFieldChange[]>().notNull().default([]),
  /** The person the change is about (their account, profile, role, leave, a tag of theirs), for their profile and the person filter. */
  subjectId: uuid('subject_id'),
  /** The project the change belongs to, for the project filter. */
  projectId: uuid('project_id'),
}, (t) => [
  index('audit_entries_at').on(t.at, t.id),
  index('audit_entries_actor').on(t.actorId, t.at),
  index('audit_entries_subject').on(t.subjectId, t.at),
  index('audit_entries_project').on(t.projectId, t.at),
  index('audit_entries_type').on(t.entityType, t.at),
  check('audit_entries_action', sql`${t.action} in ('created', 'changed', 'removed')`),
])
