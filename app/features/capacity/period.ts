import { monthRange } from '#domain/schedule/calendar'
import { isUuid } from '#domain/ids'

/**
 * The capacity screen's GET form: months as the month inputs send them (YYYY-MM) and two filters.
 * What is not a month or an id counts as not given, so a hand-edited address still answers a page.
 */
export interface CapacityChoice {
  from: string
  to: string
  projectId: string
  roleId: string
}

const MONTH = /^(19|[2-9]\d)\d\d-(0[1-9]|1[0-2])$/

export function readChoice(params: URLSearchParams): CapacityChoice {
  const month = (name: string) => {
    const value = (params.get(name) ?? '').trim()
    return MONTH.test(value) ? value : ''
  }
  const id = (name: string) => {
    const value = (params.get(name) ?? '').trim()
    return isUuid(value) ? value.toLowerCase() : ''
  }
  return { from: month('from'), to: month('to'), projectId: id('projectId'), roleId: id('roleId') }
}

/** The API's period: the first day of the first month, the last day of the last; blanks left to the API (twelve months from now). */
export const periodOf = (choice: CapacityChoice) => ({
  from: choice.from ? `${choice.from}-01` : undefined,
  to: choice.to ? monthRange(choice.to).end : undefined,
  projectId: choice.projectId || undefined,
  roleId: choice.roleId || undefined,
})

/** Five steps of the heat scale by the share of the demand still open: 0 (none open or no demand) to 4 (all of it). */
export function heat(cell: { demand: number; gap: number }) {
  if (cell.demand === 0 || cell.gap === 0) return 0
  return Math.min(4, Math.ceil((cell.gap / cell.demand) * 4))
}

/** "Mar 2030": a month as a column heading. */
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))

/** The column (and the export's row) of a role's requirement on clusters without dates, so no demand is dropped silently. */
export const NO_DATES = 'No dates'
