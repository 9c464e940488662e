import { json, type ActionFunctionArgs } from '@remix-run/node'
import { deleteLeave, recordLeave } from '#app/lib/api/schedule.server'
import { messageOr } from '#app/lib/errors'
import { readForm } from '#app/lib/form.server'
import { LEAVE_TEXT, type LeaveAnswer } from './leave'

/**
 * The leave intents of a screen's action: add-leave and delete-leave. The API decides who may
 * (oneself, or `edit` for others) and checks the dates; its refusal is shown with what was typed.
 * Null when the post is not about leave.
 */
export async function leaveAction(args: ActionFunctionArgs, form?: FormData) {
  const posted = form ?? (await readForm(args.request))
  const text = (name: string) => {
    const value = posted.get(name)
    return typeof value === 'string' ? value : ''
  }
  const intent = text('intent')
  if (intent === 'add-leave') {
    const typed = { startDate: text('startDate'), endDate: text('endDate'), note: text('note') }
    const userId = text('userId') || undefined
    const saved = await recordLeave(args, { ...(userId && { userId }), ...typed })
    if (!saved.ok) return json<LeaveAnswer>({ tone: 'error', message: messageOr(saved.error, 'Failed to record leave'), typed }, { status: saved.error.status ?? 502, headers: saved.headers })
    return json<LeaveAnswer>({ tone: 'success', message: LEAVE_TEXT.added }, { headers: saved.headers })
  }
  if (intent === 'delete-leave') {
    const deleted = await deleteLeave(args, text('leaveId'))
    if (!deleted.ok) return json<LeaveAnswer>({ tone: 'error', message: messageOr(deleted.error, 'Failed to delete leave') }, { status: deleted.error.status ?? 502, headers: deleted.headers })
    return json<LeaveAnswer>({ tone: 'success', message: LEAVE_TEXT.deleted }, { headers: deleted.headers })
  }
  return null
}
