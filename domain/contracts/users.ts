import type { AccountStatus, Permission } from '../constants'

/**
 * The answers of the accounts and administration calls, once: the API's presenters satisfy them
 * and the web reads them. Dates are ISO strings, as JSON carries them.
 */

/** The user as every call answers it: the spec's field names, never the password hash. */
export interface User {
  _id: string
  email: string
  fullName: string | null
  /** The person's one role, 'User' when none (DESIGN §4). */
  role: string
  status: AccountStatus
  permissions: Permission[]
  emailVerified: boolean
  createdAt: string
}

/** The user as GET /users and GET /users/{id} list them: the account and the profile's work fields. */
export interface ListedUser extends User {
  profile: {
    permissions: Permission[]
    professional: {
      employId: string | null
      role: string | null
      workLocation: string | null
      designation: string | null
    }
  }
}
