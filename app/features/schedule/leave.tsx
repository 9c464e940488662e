import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useLocation } from 'react-router'
import type { LeaveRow } from '#domain/contracts/schedule'
import { formatDate } from '#domain/dates'
import { leaveDays } from '#domain/schedule/leave'
import { LEAVE_NOTE_MAX } from '#domain/schedule/limits'
import { useReplyForm } from '#app/lib/form-reply'
import { LIST_PAGES, PersonListPages, pagesOf } from './person-lists'

/**
 * What a leave post answers: a confirmation (`description`, what was saved in words: "12/1/2026–
 * 12/5/2026 · Wedding"); a refused record as conform's reply (what was typed, and the sentence on
 * the field it is about); or a refused cancel, which belongs to no field of the form.
 */
export type LeaveAnswer = { tone: 'success'; message: string; description?: string } | { tone: 'error'; result: SubmissionResult<string[]> } | { tone: 'error'; message: string }

/** The fields of the record form a refusal can name; any other field's refusal is the form's. */
export const LEAVE_FIELDS = ['startDate', 'endDate', 'note'] as const

export const LEAVE_TEXT = {
  added: 'Leave recorded',
  cancelled: 'Leave cancelled',
  none: 'No leave recorded.',
  noneAhead: 'No upcoming leave.',
} as const

/** "12/1/2026–12/5/2026", or "8/3/2030" for a single day: a period as every screen writes it. */
export const periodOf = (period: Pick<LeaveRow, 'startDate' | 'endDate'>) =>
  period.startDate === period.endDate ? formatDate(period.startDate) : `${formatDate(period.startDate)}–${formatDate(period.endDate)}`

/** "leave from 12/1/2026 to 12/5/2026" (or "on 8/3/2030"): what a control about one period is named. */
const leaveNamed = (period: LeaveRow) => `leave ${leaveDays({ start: period.startDate, end: period.endDate })}`

/** The query parameter naming the period whose cancellation is being confirmed (a GET, so it works without JavaScript). */
export const CANCEL_PARAM = 'cancel'

/** The form's anchor: a refusal lands on it, not at the top of the page a screen down from it. */
const FORM_ID = 'record-leave'
const MESSAGE_ID = 'leave-message'

/**
 * A person's leave with a form to record more. `leave` is listed with a Cancel each (when
 * editable); `past`, when given, apart and closed, so past leave never reads as none.
 * Cancel is a link to `?cancel={id}`, which asks in place ("Yes, cancel it" posts intent
 * delete-leave, "Keep it" goes back): a confirmation that needs no script. Recording posts intent
 * add-leave. `userId` is sent when recording for someone else (an administrator on a profile).
 */
export function LeaveSection({
  leave,
  past,
  totals,
  answer,
  editable,
  userId,
  heading,
}: {
  leave: LeaveRow[]
  past?: LeaveRow[]
  /** How many periods each list holds in all: `leave` and `past` are a page of each (LIST_PAGES). */
  totals?: { leave: number; pastLeave: number }
  answer: LeaveAnswer | null
  editable: boolean
  userId?: string
  heading: string
}) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const pages = pagesOf(params, ['leave', 'pastLeave'])
  // A page of past leave asked for is shown open: its Previous and Next links land in it.
  const pastAsked = params.has(LIST_PAGES.pastLeave)
  const cancelling = params.get(CANCEL_PARAM)
  params.delete(CANCEL_PARAM)
  const query = params.toString()
  const here = `${location.pathname}${query ? `?${query}` : ''}`
  const withCancel = (id: string) => `${location.pathname}?${new URLSearchParams([...params, [CANCEL_PARAM, id]])}#leave-${id}`
  const pastCount = totals?.pastLeave ?? past?.length ?? 0
  const aheadCount = totals?.leave ?? leave.length
  return (
    <section className="card stack" aria-labelledby="leave-heading">
      <h2 id="leave-heading">{heading}</h2>
      {aheadCount === 0 ? (
        <p className="empty">{pastCount ? LEAVE_TEXT.noneAhead : LEAVE_TEXT.none}</p>
      ) : (
        <ul className="leave-list" aria-label={past ? 'Upcoming leave' : undefined}>
          {leave.map((period) => (
            <li key={period._id} id={`leave-${period._id}`}>
              <PeriodText period={period} />
              {editable && cancelling === period._id ? (
                <Form method="post" className="inline-form leave-confirm">
                  <input type="hidden" name="intent" value="delete-leave" />
                  <input type="hidden" name="leaveId" value={period._id} />
                  <strong>Cancel this leave?</strong>
                  <button type="submit" className="button primary danger" aria-label={`Yes, cancel ${leaveNamed(period)}`}>
                    Yes, cancel it
                  </button>
                  <Link to={`${here}#leave-${period._id}`} className="button secondary" preventScrollReset>
                    Keep it
                  </Link>
                </Form>
              ) : editable ? (
                <Link to={withCancel(period._id)} className="button ghost" preventScrollReset aria-label={`Cancel ${leaveNamed(period)}`}>
                  Cancel
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <PersonListPages list="leave" page={pages.leave} count={leave.length} total={aheadCount} noun="leave periods" anchor="leave-heading" />
      {pastCount ? (
        <details className="past-leave" id="past-leave" open={pastAsked || undefined}>
          <summary>Past leave ({pastCount})</summary>
          <ul className="leave-list" aria-label="Past leave">
            {past!.map((period) => (
              <li key={period._id}>
                <PeriodText period={period} />
              </li>
            ))}
          </ul>
          <PersonListPages list="pastLeave" page={pages.pastLeave} count={past!.length} total={pastCount} noun="past leave periods" anchor="past-leave" />
        </details>
      ) : null}
      {editable ? (
        // Keyed by the periods listed: once one is added or cancelled the form starts empty again, with or without JavaScript.
        <RecordLeaveForm key={leave.map((period) => period._id).join()} action={`${here}#${FORM_ID}`} answer={answer} userId={userId} />
      ) : null}
    </section>
  )
}

function PeriodText({ period }: { period: LeaveRow }) {
  return (
    <span className="leave-period">
      <strong>{periodOf(period)}</strong>
      {period.note ? <span className="leave-note">{period.note}</span> : null}
    </span>
  )
}

/**
 * Record leave, read through conform like every form, by the action alone (the API's own schema,
 * leave.server.ts), which answers a refusal with what was typed. Its one message shows above the
 * fields (the sentences name their field in words); the field it is about is marked invalid and
 * described by it.
 */
function RecordLeaveForm({ action, answer, userId }: { action: string; answer: LeaveAnswer | null; userId?: string }) {
  const form = useReplyForm({ id: FORM_ID, lastResult: answer && 'result' in answer ? answer.result : undefined })
  const fields = { startDate: form.field('startDate'), endDate: form.field('endDate'), note: form.field('note') }
  const refused = LEAVE_FIELDS.find((name) => fields[name].errors?.length)
  const error = form.errors?.[0] ?? (refused && fields[refused].errors?.[0])
  const message = error ? { tone: 'error' as const, text: error } : answer && 'message' in answer ? { tone: answer.tone, text: answer.message } : null
  const invalid = (name: (typeof LEAVE_FIELDS)[number]) => (name === refused ? { 'aria-invalid': true, 'aria-describedby': MESSAGE_ID } : {})
  return (
    <Form method="post" action={action} id={form.id} noValidate onInput={form.props.onInput} className="filters leave-form" aria-labelledby="record-leave-heading">
      <h3 id="record-leave-heading" className="my-work-subheading">
        Record leave
      </h3>
      {message ? (
        <p id={MESSAGE_ID} className={`form-message ${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="add-leave" />
      {userId ? <input type="hidden" name="userId" value={userId} /> : null}
      <div className="field">
        <label htmlFor="leave-start">From</label>
        <input id="leave-start" type="date" name={fields.startDate.name} required defaultValue={fields.startDate.initialValue as string | undefined} {...invalid('startDate')} />
      </div>
      <div className="field">
        <label htmlFor="leave-end">To</label>
        <input id="leave-end" type="date" name={fields.endDate.name} required defaultValue={fields.endDate.initialValue as string | undefined} {...invalid('endDate')} />
      </div>
      <div className="field">
        <label htmlFor="leave-note">Note</label>
        <input id="leave-note" type="text" name={fields.note.name} maxLength={LEAVE_NOTE_MAX} defaultValue={fields.note.initialValue as string | undefined} {...invalid('note')} />
      </div>
      <button type="submit" className="button primary">
        Add leave
      </button>
    </Form>
  )
}
