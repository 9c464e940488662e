import * as z from 'zod/mini'
import { PRODUCT_NAME } from '#domain/constants'
import { landingAnswer } from '#domain/answers/accounts'
import { databaseAnswers } from '#api/db/health'
import type { Deps } from '#api/deps'
import type { Api } from '#api/http/schemas'
import { sessionUser } from '#api/auth/sessions'
import { presentUser } from '#api/users/present'
import { access } from '#api/http/access'

export async function landingRoutes(app: Api, deps: Deps) {
  /** Restores the session (user or null) and gives the dashboard its welcome message. */
  app.get('/landing', { ...access('public'), schema: { summary: 'The session (user or null) and the welcome message', response: { 200: landingAnswer } } }, async (request) => {
    // Public, so the access hook looked nobody up: a session is optional here.
    const user = await sessionUser(deps, request, request.ctx.now)
    return {
      message: user ? `Welcome back${user.fullName ? `, ${user.fullName}` : ''}! Here is your ${PRODUCT_NAME} account.` : `Welcome to ${PRODUCT_NAME}.`,
      user: user && presentUser(user),
    }
  })

  /** For load balancers: answers 200 only while the database answers. */
  app.get('/healthz', { ...access('public'), schema: { summary: 'For load balancers: 200 while the database answers', response: { 200: z.strictObject({ ok: z.boolean() }) } } }, async () => {
    await databaseAnswers(deps.db)
    return { ok: true }
  })
}
