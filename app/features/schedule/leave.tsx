import { Form } from 'react-router'
import type { LeaveRow } from '#domain/contracts/schedule'
import { formatDate } from '#domain/dates'
import { LEAVE_NOTE_MAX } from '#domain/schedule/limits'

export interface LeaveAnswer {
  tone: 'success' | 'error'
  message: string
  /** What was typed, shown again after a refusal (no JavaScript keeps it otherwise). */
  typed?: { startDate: string; endDate: string; note: string }
}

export const LEAVE_TEXT = {
  added: 'Leave recorded',
  deleted: 'Leave deleted',
  none: 'No leave recorded.',
} as const

/**
 * A person's leave with a form to record more and a Delete per period: plain form posts to the
 * screen's action (intent add-leave / delete-leave), so it works without JavaScript. `userId` is
 * sent when recording for someone else (an administrator on a profile).
 */
export function LeaveSection({ leave, answer, editable, userId, heading }: { leave: LeaveRow[]; answer: LeaveAnswer | null; editable: boolean; userId?: string; heading: string }) {
  const typed = answer?.tone === 'error' ? answer.typed : undefined
  return (
    <section className="card stack" aria-labelledby="leave-heading">
      <h2 id="leave-heading">{heading}</h2>
      {leave.length === 0 ? (
        <p className="empty">{LEAVE_TEXT.none}</p>
      ) : (
        <ul className="leave-list">
          {leave.map((period) => (
            <li key={period._id}>
              <span>
                {formatDate(period.startDate)}–{formatDate(period.endDate)}
                {period.note ? ` · ${period.note}` : ''}
              </span>
              {editable ? (
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="delete-leave" />
                  <input type="hidden" name="leaveId" value={period._id} />
                  <button type="submit" className="button ghost" aria-label={`Delete leave from ${formatDate(period.startDate)} to ${formatDate(period.endDate)}`}>
                    Delete
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {answer ? (
        <p className={`form-message ${answer.tone}`} role={answer.tone === 'error' ? 'alert' : 'status'}>
          {answer.message}
        </p>
      ) : null}
      {editable ? (
        <Form method="post" className="filters" aria-label="Record leave">
          <input type="hidden" name="intent" value="add-leave" />
          {userId ? <input type="hidden" name="userId" value={userId} /> : null}
          <div className="field">
            <label htmlFor="leave-start">From</label>
            <input id="leave-start" type="date" name="startDate" required defaultValue={typed?.startDate} />
          </div>
          <div className="field">
            <label htmlFor="leave-end">To</label>
            <input id="leave-end" type="date" name="endDate" required defaultValue={typed?.endDate} />
          </div>
          <div className="field">
            <label htmlFor="leave-note">Note</label>
            <input id="leave-note" type="text" name="note" maxLength={LEAVE_NOTE_MAX} defaultValue={typed?.note} />
          </div>
          <button type="submit" className="button primary">
            Add leave
          </button>
        </Form>
      ) : null}
    </section>
  )
}
