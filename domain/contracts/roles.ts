import type { AccountStatus, Permission } from '../constants'

/** The answers of the roles calls, once. */

/** GET /roles, POST /roles. */
export interface Role {
  _id: string
  name: string
  permissions: Permission[]
}

/** GET /roles/with-users: each role with the people whose role it is, and their own permissions. */
export interface RoleWithUsers extends Role {
  users: {
    _id: string
    fullName: string | null
    email: string
    status: AccountStatus
    permissions: Permission[]
    designation: string | null
    workLocation: string | null
  }[]
}

/** GET /api/role-histories: one change of a person's role. */
export interface RoleHistory {
  _id: string
  user: { _id: string; fullName: string | null }
  initialRole: { name: string }
  newRole: { name: string }
  /** Their name as it was; their email (null once their account is removed) tells apart two people of one name. */
  updatedBy: { fullName: string | null; email: string | null }
  updatedAt: string
}

/** GET /api/role-histories: a page of the changes, newest first, and how many there are in all. */
export interface RoleHistoryPage {
  histories: RoleHistory[]
  total: number
}
