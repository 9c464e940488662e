import { data, type ActionFunctionArgs } from 'react-router'
import { safeParse } from 'zod/mini'
import { isUuid } from '#domain/ids'
import { roleLeadSchema } from '#domain/schedule/schemas'
import { setLeadMonths } from '#app/lib/api/schedule.server'
import { messageOr } from '#app/lib/errors'
import { readForm } from '#app/lib/form.server'
import { assertCan, requirePermission } from '#app/lib/session.server'
import type { LeadAnswer } from './lead-times'

export const LEAD_SAVED = 'Lead time saved'

/** One role's lead time from the capacity page's form; the answer is shown beside that role. */
export async function saveLeadTime(args: ActionFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  assertCan(user, 'edit')
  const form = await readForm(args.request)
  const roleId = String(form.get('roleId') ?? '')
  if (!isUuid(roleId)) throw new Response('Unknown role', { status: 400 })
  const answer = (tone: LeadAnswer['tone'], message: string, init?: ResponseInit) => data<LeadAnswer>({ roleId, tone, message }, init)
  const parsed = safeParse(roleLeadSchema, { leadMonths: form.get('leadMonths') })
  if (!parsed.success) return answer('error', parsed.error.issues[0]!.message, { status: 400 })
  const saved = await setLeadMonths(args, roleId, parsed.data.leadMonths)
  if (!saved.ok) return answer('error', messageOr(saved.error, 'Failed to save the lead time'), { status: saved.error.status ?? 502, headers: saved.headers })
  return answer('success', LEAD_SAVED, { headers: saved.headers })
}
