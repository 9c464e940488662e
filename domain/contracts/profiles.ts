import type { AccountStatus } from '../constants'
import type { ProfileUpdate } from '../profile'
import type { Ref } from './common'

/** GET and PUT /form/profile/{id}: the sections, the account's status and the person's role. */
export type StoredProfile = Omit<ProfileUpdate, 'roleId' | 'status'> & { status: AccountStatus; roleId: Ref | null }

/** What the form calls answer when they succeed. */
export interface Acknowledged {
  message: string
}
