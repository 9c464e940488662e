import type { FastifyReply, FastifyRequest } from 'fastify'
import { isSelf, seesPrivate } from '#domain/access'
import { DRAFT_TTL_MS } from '#domain/constants'
import { profileDraftSchema, profileSubmissionSchema, profileUpdateSchema } from '#domain/profile'
import { draftAnswer, storedProfileAnswer } from '#domain/answers/profiles'
import type { Deps } from '#api/deps'
import { messageAnswer, pathIds, type Api } from '#api/http/schemas'
import { notFound } from '#api/http/errors'
import { signedIn } from '#api/context'
import { cookieOptions } from '#api/auth/sessions'
import { throttleAddress, throttlePerson } from '#api/auth/throttle'
import { hashToken, newToken } from '#api/auth/tokens'
import { deleteDraft, draftIsKept, readDraft, saveDraft } from '#api/profiles/drafts'
import { keepPrivate, readProfile, readWholeProfile, writeProfile } from '#api/profiles/store'
import { changeAccount } from '#api/users/administrators'
import { setRole } from '#api/users/assign-role'
import { setStatus } from '#api/users/status'
import { access } from '#api/http/access'

const DRAFT_COOKIE = 'portal_draft'

export async function formRoutes(app: Api, deps: Deps) {
  const draftKey = (request: FastifyRequest) => {
    const token = request.cookies[DRAFT_COOKIE]
    return token && token.length <= 100 ? hashToken(token) : null
  }
  const dropDraft = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = draftKey(request)
    if (!key) return
    await deleteDraft(deps.db, key)
    reply.clearCookie(DRAFT_COOKIE, { path: '/' })
  }

  const submitSchema = { summary: "Submits one's own profile (and role pick)", body: profileSubmissionSchema, response: { 200: messageAnswer } }
  app.post('/form/submit', { ...access('signed-in', 'Please log in to submit your details.'), schema: submitSchema }, async (request, reply) => {
    const ctx = signedIn(request.ctx)
    const data = request.body
    // A write of one's own records, counted per person.
    await throttlePerson(request.ctx, ctx.actor.id)
    // One's own pick may take one's own Admin role away: checked like any change of a role.
    await changeAccount(ctx, ctx.actor.id, async (tx, target) => {
      await writeProfile(tx, target.id, data)
      await setRole(tx, target, data.roleId)
    })
    await dropDraft(request, reply)
    return { message: 'Profile saved' }
  })

  const userId = pathIds({ id: 'User not found' })
  const readSchema = { summary: "A person's profile (their private details to them and administrators only)", params: userId, response: { 200: storedProfileAnswer } }
  app.get('/form/profile/:id', { ...access({ own: 'view', param: 'id' }), schema: readSchema }, async (request) => {
    const { actor: user } = signedIn(request.ctx)
    const { id } = request.params
    const profile = await readProfile(deps.db, id, { withPrivate: seesPrivate(user, id) })
    if (!profile) throw notFound('User not found')
    return profile
  })

  const updateSchema = { summary: "Saves a person's profile, status and role", params: userId, body: profileUpdateSchema, response: { 200: storedProfileAnswer } }
  app.put('/form/profile/:id', { ...access({ own: 'edit', param: 'id' }), schema: updateSchema }, async (request) => {
    const ctx = signedIn(request.ctx)
    const user = ctx.actor
    const { id } = request.params
    const own = isSelf(user, id)
    const withPrivate = seesPrivate(user, id)
    const data = request.body
    // One's own profile is a self-service write, counted per person; an editor's of others is not.
    if (own) await throttlePerson(request.ctx, user.id)
    await changeAccount(ctx, id, async (tx, target) => {
      if (data.status) await setStatus(tx, target, data.status)
      // What the editor may not see, they cannot change: the stored financial details, date of
      // birth and family details are kept, and so are the financial details a caller leaves out.
      const stored = await readWholeProfile(tx.db, id)
      const financial = withPrivate && data.financial ? data.financial : stored!.financial
      const personal = withPrivate ? data.personal : keepPrivate(data.personal, stored!.personal)
      await writeProfile(tx, id, { ...data, personal, financial })
      await setRole(tx, target, data.roleId)
    })
    const saved = await readProfile(deps.db, id, { withPrivate })
    if (!saved) throw notFound('User not found')
    return saved
  })

  /** The profile form of someone asked to sign in first: kept as a row under a cookie token. */
  app.get('/form/draft', { ...access('public'), schema: { summary: 'The profile form as typed before signing in, or null', response: { 200: draftAnswer } } }, async (request) => {
    const key = draftKey(request)
    if (!key) return { draft: null }
    return { draft: await readDraft(deps.db, key, request.ctx.now) }
  })

  app.put('/form/draft', { ...access('public'), schema: { summary: 'Keeps the profile form as typed, under a cookie', body: profileDraftSchema, response: { 200: messageAnswer } } }, async (request, reply) => {
    const data = request.body
    const { now } = request.ctx
    const given = request.cookies[DRAFT_COOKIE]
    const kept = given && given.length <= 100 ? await draftIsKept(deps.db, hashToken(given)) : false
    // A new draft is a new row: counted per address, so anonymous drafts cannot pile up.
    if (!kept) await throttleAddress(deps, request, 'draft')
    const token = kept && given ? given : newToken()
    const values = { tokenHash: hashToken(token), data, updatedAt: now, expiresAt: new Date(now.getTime() + DRAFT_TTL_MS) }
    await saveDraft(deps.db, values)
    reply.setCookie(DRAFT_COOKIE, token, cookieOptions(deps, DRAFT_TTL_MS))
    return { message: 'Draft saved' }
  })

  app.delete('/form/draft', { ...access('public'), schema: { summary: 'Removes the kept profile form', response: { 200: messageAnswer } } }, async (request, reply) => {
    await dropDraft(request, reply)
    return { message: 'Draft removed' }
  })
}
