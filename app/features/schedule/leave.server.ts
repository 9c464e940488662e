import type { ActionFunctionArgs } from 'react-router'
import { deleteLeave, recordLeave } from '#app/lib/api/schedule.server'
import { messageOr } from '#app/lib/errors'
import * as z from 'zod/mini'
import { intentUnion, type IntentPost, type IntentTable } from '#app/lib/intents'
import { leaveCreateSchema } from '#domain/schedule/leave-schema'
import { LEAVE_FIELDS, LEAVE_TEXT, periodOf, type LeaveAnswer } from './leave'

/**
 * The record form, read by POST /api/leave's own schema once its `intent` is set aside: the
 * action's check, with and without JavaScript, so the browser never downloads the schema.
 */
export const leaveFormSchema = z.pipe(
  z.transform((value: unknown) => {
    if (!value || typeof value !== 'object') return value
    const { intent: _intent, ...fields } = value as Record<string, unknown>
    return fields
  }),
  leaveCreateSchema,
)

/** The cancel's post: the leave it names, as sent (the API answers for an id that is not one). */
const leaveDeleteSchema = z.object({ leaveId: z.catch(z.optional(z.string()), undefined) })

/**
 * The leave intents a screen's form posts, beside the permission each needs: none beyond the
 * screen's own, as the API decides who may (oneself, or `edit` for others).
 */
export const LEAVE_INTENTS = {
  'add-leave': { permission: [], schema: leaveFormSchema },
  'delete-leave': { permission: [], schema: leaveDeleteSchema },
} as const satisfies IntentTable
/** The one union a screen's leave posts are read through. */
export const LEAVE_POSTED = intentUnion(LEAVE_INTENTS)

const isLeaveField = (field: string | undefined): field is (typeof LEAVE_FIELDS)[number] => LEAVE_FIELDS.some((name) => name === field)

/**
 * add-leave and delete-leave, as the screen's post read them (LEAVE_POSTED). The form is read by the API's schema
 * (as the browser read it); the API decides who may (oneself, or `edit` for others) and what it
 * overlaps. A refusal comes back as conform's reply, with what was typed and the sentence on the
 * field it is about. A period recorded comes back in words for the confirmation. The screen
 * answers `answer` with `init` in its own shape.
 */
export async function leaveAction(args: ActionFunctionArgs, posted: IntentPost<typeof LEAVE_INTENTS>): Promise<{ answer: LeaveAnswer; init: ResponseInit }> {
  if (posted.intent === 'add-leave') {
    const { submission } = posted
    if (submission.status !== 'success') return { answer: { tone: 'error', result: submission.reply() }, init: { status: 400 } }
    const { userId, ...period } = submission.value
    const saved = await recordLeave(args, { ...(userId && { userId }), ...period })
    if (!saved.ok) {
      const { field } = saved.error
      const message = messageOr(saved.error, 'Failed to record leave')
      const result = submission.reply(isLeaveField(field) ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] })
      return { answer: { tone: 'error', result }, init: { status: saved.error.status ?? 502, headers: saved.headers } }
    }
    const description = [periodOf(saved.data), saved.data.note].filter(Boolean).join(' · ')
    return { answer: { tone: 'success', message: LEAVE_TEXT.added, description }, init: { headers: saved.headers } }
  }
  const { submission } = posted
  const deleted = await deleteLeave(args, submission.status === 'success' ? (submission.value.leaveId ?? '') : '')
  if (!deleted.ok) return { answer: { tone: 'error', message: messageOr(deleted.error, 'Failed to delete leave') }, init: { status: deleted.error.status ?? 502, headers: deleted.headers } }
  return { answer: { tone: 'success', message: LEAVE_TEXT.cancelled }, init: { headers: deleted.headers } }
}
