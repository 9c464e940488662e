import type { ScheduleView } from '#domain/contracts/schedule'
import { api, queryString, type Caller } from '#app/lib/api/http.server'
import type { ScheduleChoice } from './schedule-choice'

/** GET /api/schedule with the page's choices as they are: the API validates them and says what is wrong. */
export const getSchedule = (caller: Caller, choice: ScheduleChoice) => api<ScheduleView>(caller, `/api/schedule${queryString({ ...choice })}`)
