import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { AccountStatus, Permission } from '#domain/constants'
import type { ProfileDraft, ProfileSubmission } from '#domain/profile'

const id = () => uuid('id').primaryKey().defaultRandom()
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const roles = pgTable('roles', {
  id: id(),
  name: text('name').notNull(),
  permissions: text('permissions').array().$type<Permission[]>().notNull().default(sql`'{}'::text[]`),
  createdAt: at('created_at').notNull(),
}, (t) => [uniqueIndex('roles_name_lower').on(sql`lower(${t.name})`)])

export const users = pgTable('users', {
  id: id(),
  /** Stored lower-cased: one account per address whatever its case. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: at('email_verified_at'),
  status: text('status').$type<AccountStatus>().notNull().default('Active'),
  /** The account's role name ('Admin' or 'User' unless an administrator assigned another role). */
  role: text('role').notNull().default('User'),
  roleId: uuid('role_id').references(() => roles.id, { onDelete: 'set null' }),
  permissions: text('permissions').array().$type<Permission[]>().notNull().default(sql`'{}'::text[]`),
  fullName: text('full_name'),
  createdAt: at('created_at').notNull(),
})

type Sections = Pick<ProfileSubmission, 'personal' | 'professional' | 'financial'>

export const profiles = pgTable('profiles', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** The job role picked on the profile form: used for planning, grants nothing (DESIGN §4). */
  jobRoleId: uuid('job_role_id').references(() => roles.id, { onDelete: 'set null' }),
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


/** Every change of a user's role by an administrator. Names are copied so history outlives renames. */
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
