import type { ActionFunctionArgs } from 'react-router'
import { deleteLeave, recordLeave } from '#app/lib/api/schedule.server'
import { messageOr } from '#app/lib/errors'
import { LEAVE_TEXT, periodOf, type LeaveAnswer } from './leave'

/** The leave intents a screen's form posts. */
export const isLeaveIntent = (intent: unknown): intent is 'add-leave' | 'delete-leave' => intent === 'add-leave' || intent === 'delete-leave'

/**
 * add-leave and delete-leave, from a screen's posted form. The API decides who may (oneself, or
 * `edit` for others) and checks the dates; a refusal comes back with what was typed and the field
 * it is about, its sentence without the field's key. A period recorded comes back in words for
 * the confirmation. The screen answers `answer` with `init` in its own shape.
 */
export async function leaveAction(args: ActionFunctionArgs, form: FormData): Promise<{ answer: LeaveAnswer; init: ResponseInit }> {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  if (text('intent') === 'add-leave') {
    const typed = { startDate: text('startDate'), endDate: text('endDate'), note: text('note') }
    const userId = text('userId') || undefined
    const saved = await recordLeave(args, { ...(userId && { userId }), ...typed })
    if (!saved.ok) {
      const { field } = saved.error
      return { answer: { tone: 'error', message: messageOr(saved.error, 'Failed to record leave'), ...(field && { field }), typed }, init: { status: saved.error.status ?? 502, headers: saved.headers } }
    }
    const description = [periodOf(saved.data), saved.data.note].filter(Boolean).join(' · ')
    return { answer: { tone: 'success', message: LEAVE_TEXT.added, description }, init: { headers: saved.headers } }
  }
  const deleted = await deleteLeave(args, text('leaveId'))
  if (!deleted.ok) return { answer: { tone: 'error', message: messageOr(deleted.error, 'Failed to delete leave') }, init: { status: deleted.error.status ?? 502, headers: deleted.headers } }
  return { answer: { tone: 'success', message: LEAVE_TEXT.cancelled }, init: { headers: deleted.headers } }
}
