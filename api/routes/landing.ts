import type { FastifyInstance } from 'fastify'
import { PRODUCT_NAME } from '#domain/constants'
import { databaseAnswers } from '#api/db/health'
import type { Deps } from '#api/deps'
import { sessionUser } from '#api/auth/sessions'
import { presentUser } from '#api/users/present'
import { access } from '#api/http/access'

export async function landingRoutes(app: FastifyInstance, deps: Deps) {
  /** Restores the session (user or null) and gives the dashboard its welcome message. */
  app.get('/landing', access('public'), async (request) => {
    const user = await sessionUser(deps, request)
    return {
      message: user ? `Welcome back${user.fullName ? `, ${user.fullName}` : ''}! Here is your ${PRODUCT_NAME} account.` : `Welcome to ${PRODUCT_NAME}.`,
      user: user && presentUser(user),
    }
  })

  /** For load balancers: answers 200 only while the database answers. */
  app.get('/healthz', access('public'), async () => {
    await databaseAnswers(deps.db)
    return { ok: true }
  })
}
