import { data, type ActionFunctionArgs } from 'react-router'
import * as z from 'zod/mini'
import { isUuid } from '#domain/ids'
import { setLeadMonths } from '#app/lib/api/schedule.server'
import { messageOr } from '#app/lib/errors'
import { readForm } from '#app/lib/form.server'
import { assertCan, requirePermission } from '#app/lib/session.server'
import { parseWithSchema } from '#app/lib/validation'
import { leadTimeFormSchema, type LeadAnswer } from './lead-times'

export const LEAD_SAVED = 'Lead time saved'

/** Which role's row posted: its id, or a 400 (no row of the page posts another). */
const roleTargetSchema = z.object({ roleId: z.string().check(z.refine(isUuid)) })

/** One role's lead time from the capacity page's form; the answer is shown beside that role. */
export async function saveLeadTime(args: ActionFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  assertCan(user, 'edit')
  const form = await readForm(args.request)
  const target = parseWithSchema(form, { schema: roleTargetSchema })
  if (target.status !== 'success') throw new Response('Unknown role', { status: 400 })
  const { roleId } = target.value
  const submission = parseWithSchema(form, { schema: leadTimeFormSchema })
  if (submission.status !== 'success') return data<LeadAnswer>({ roleId, tone: 'error', result: submission.reply() }, { status: 400 })
  const saved = await setLeadMonths(args, roleId, submission.value.leadMonths)
  if (!saved.ok) {
    const result = submission.reply({ formErrors: [messageOr(saved.error, 'Failed to save the lead time')] })
    return data<LeadAnswer>({ roleId, tone: 'error', result }, { status: saved.error.status ?? 502, headers: saved.headers })
  }
  return data<LeadAnswer>({ roleId, tone: 'success', message: LEAD_SAVED }, { headers: saved.headers })
}
