import type { FastifyRequest } from 'fastify'
import type { Deps } from '#api/deps'
import { requireUser } from '#api/auth/sessions'
import { actorOf, type Actor } from '#api/audit/record'

/** Who is making a request's change, for the audit log: the signed-in user (the access rule has already required one). */
export const requestActor = async (deps: Deps, request: FastifyRequest): Promise<Actor> => actorOf(await requireUser(deps, request))
