import { and, eq, gt } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DRAFT_TTL_MS } from '#domain/constants'
import { profileDraftSchema, profileSubmissionSchema, profileUpdateSchema } from '#domain/profile'
import { profileDrafts, profiles, users } from '#api/db/schema'
import type { Deps } from '#api/deps'
import { badRequest, forbidden, notFound, parse } from '#api/http/errors'
import { can, cookieOptions, isAdmin, requireUser, revokeUserSessions } from '#api/auth/sessions'
import { hashToken, newToken } from '#api/auth/tokens'
import { isUuid, readProfile, writeProfile } from '#api/profiles/store'
import { assignRole } from '#api/users/assign-role'
import { access } from '#api/http/access'

const DRAFT_COOKIE = 'portal_draft'

export async function formRoutes(app: FastifyInstance, deps: Deps) {
  const draftKey = (request: FastifyRequest) => {
    const token = request.cookies[DRAFT_COOKIE]
    return token && token.length <= 100 ? hashToken(token) : null
  }
  const dropDraft = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = draftKey(request)
    if (!key) return
    await deps.db.delete(profileDrafts).where(eq(profileDrafts.tokenHash, key))
    reply.clearCookie(DRAFT_COOKIE, { path: '/' })
  }

  app.post('/form/submit', access('signed-in', 'Please log in to submit your details.'), async (request, reply) => {
    const user = await requireUser(deps, request)
    const data = parse(profileSubmissionSchema, request.body)
    await deps.db.transaction((tx) => writeProfile(tx, user.id, data, deps.now()))
    await dropDraft(request, reply)
    return { message: 'Profile saved' }
  })

  app.get<{ Params: { id: string } }>('/form/profile/:id', access('signed-in'), async (request) => {
    const user = await requireUser(deps, request)
    if (request.params.id !== user.id && !can(user, 'view')) throw forbidden()
    const profile = await readProfile(deps.db, request.params.id)
    if (!profile) throw notFound('User not found')
    return profile
  })

  app.put<{ Params: { id: string } }>('/form/profile/:id', access('signed-in'), async (request) => {
    const user = await requireUser(deps, request)
    const { id } = request.params
    const own = id === user.id
    if (!own && !can(user, 'edit')) throw forbidden()
    if (!isUuid(id)) throw notFound('User not found')
    const data = parse(profileUpdateSchema, request.body)
    await deps.db.transaction(async (tx) => {
      const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update')
      if (!target) throw notFound('User not found')
      if (data.status && data.status !== target.status) {
        if (own) throw badRequest('status: You cannot change the status of your own account.')
        // Deactivating the administrators would take the Admin role away in all but name (DESIGN §4).
        if (isAdmin(target) && !isAdmin(user)) throw forbidden('Only an administrator can change the status of an administrator.')
        await tx.update(users).set({ status: data.status }).where(eq(users.id, id))
        // A deactivated account is signed out everywhere at once.
        if (data.status === 'Inactive') await revokeUserSessions(tx, id)
      }
      const [current] = await tx.select({ jobRoleId: profiles.jobRoleId }).from(profiles).where(eq(profiles.userId, id))
      const roleChanged = (current?.jobRoleId ?? null) !== data.roleId
      await writeProfile(tx, id, data, deps.now())
      // An administrator changing someone's role grants that role (DESIGN §4); one's own pick grants nothing.
      if (!own && roleChanged) await assignRole(tx, { actor: user, target, roleId: data.roleId, now: deps.now() })
    })
    return readProfile(deps.db, id)
  })

  /** The profile form of someone asked to sign in first: kept as a row under a cookie token. */
  app.get('/form/draft', access('public'), async (request) => {
    const key = draftKey(request)
    if (!key) return { draft: null }
    const [row] = await deps.db
      .select({ data: profileDrafts.data })
      .from(profileDrafts)
      .where(and(eq(profileDrafts.tokenHash, key), gt(profileDrafts.expiresAt, deps.now())))
    return { draft: row?.data ?? null }
  })

  app.put('/form/draft', access('public'), async (request, reply) => {
    const data = parse(profileDraftSchema, request.body)
    const now = deps.now()
    let token = request.cookies[DRAFT_COOKIE]
    if (!token || token.length > 100) token = newToken()
    const values = { tokenHash: hashToken(token), data, updatedAt: now, expiresAt: new Date(now.getTime() + DRAFT_TTL_MS) }
    await deps.db.insert(profileDrafts).values(values).onConflictDoUpdate({ target: profileDrafts.tokenHash, set: values })
    reply.setCookie(DRAFT_COOKIE, token, cookieOptions(deps, DRAFT_TTL_MS))
    return { message: 'Draft saved' }
  })

  app.delete('/form/draft', access('public'), async (request, reply) => {
    await dropDraft(request, reply)
    return { message: 'Draft removed' }
  })
}
