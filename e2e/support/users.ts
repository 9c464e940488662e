import { apiSession } from './api'
import { verificationCode } from './outbox'
import { E2E_API_URL } from '../../playwright.config'

const API = E2E_API_URL
let counter = 0

export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`

/** A stamp no other test of the run has made: the time, this process's count and a random tail (workers share the clock). */
const stamp = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}`
/**
 * A name no other test has used, `Category-…` (no space, so it stands as it is in a URL), for the
 * roles, categories, clusters, projects and places a test makes; `unique.tag()` is the stamp alone,
 * for a search to find a test's own rows.
 */
export const unique = Object.assign((prefix: string) => `${prefix}-${stamp()}`, { tag: stamp })
export type Unique = typeof unique

export const PASSWORD = 'Secret1!'

/** An account that signed up but never entered its code. */
export async function createUnverifiedUser(email = uniqueEmail()) {
  const signup = await fetch(`${API}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (signup.status !== 201) throw new Error(`signup failed: ${await signup.text()}`)
  return { email, password: PASSWORD }
}

/** An account made through the real API (sign-up, then the mailed code), ready to sign in. */
export async function createVerifiedUser(email = uniqueEmail()) {
  const started = Date.now()
  const account = await createUnverifiedUser(email)
  const otp = await verificationCode(email, started - 1000)
  const verify = await fetch(`${API}/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, otp }),
  })
  if (!verify.ok) throw new Error(`verify failed: ${await verify.text()}`)
  return account
}

/**
 * A verified account that filled in its profile through POST /form/submit, picking `roleId`: that is
 * their role, and it grants nothing until someone allowed to grant it confirms it.
 */
export async function createEmployee(profile: { name: string; roleId: string; workLocation?: string; designation?: string }) {
  const account = await createVerifiedUser()
  const { call, user } = await apiSession(account)
  await call('/form/submit', {
    method: 'POST',
    body: {
      personal: { name: profile.name, dob: '1990-01-01', phone: '+91 98765 43210', qualification: 'B.Tech' },
      professional: { workLocation: profile.workLocation ?? null, designation: profile.designation ?? null, previousExperience: 2 },
      financial: { previousOrgSalary: 100000 },
      roleId: profile.roleId,
    },
  })
  return { ...account, id: user._id, name: profile.name, designation: profile.designation ?? null }
}
