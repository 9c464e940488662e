import * as z from 'zod/mini'
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditPage } from '../contracts/audit'

/** GET /api/audit and GET /api/users/{id}/audit: a page of the log (./accounts.ts says what these schemas are for). */
export const auditPageAnswer = z.strictObject({
  entries: z.array(
    z.strictObject({
      _id: z.string(),
      at: z.string(),
      actor: z.strictObject({ _id: z.nullable(z.string()), name: z.string(), email: z.nullable(z.string()) }),
      entityType: z.enum(AUDIT_ENTITY_TYPES),
      entityId: z.string(),
      label: z.string(),
      action: z.enum(AUDIT_ACTIONS),
      changes: z.array(z.strictObject({ field: z.string(), before: z.optional(z.unknown()), after: z.optional(z.unknown()), secret: z.optional(z.literal(true)) })),
      subjectId: z.nullable(z.string()),
      projectId: z.nullable(z.string()),
    }),
  ),
  total: z.number(),
}) satisfies z.ZodMiniType<AuditPage>
