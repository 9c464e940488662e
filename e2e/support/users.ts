import { verificationCode } from './outbox'
import { E2E_API_URL } from '../../playwright.config'

const API = E2E_API_URL
let counter = 0

export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`
export const PASSWORD = 'Secret1!'

/** An account made through the real API (sign-up, then the mailed code), ready to sign in. */
export async function createVerifiedUser(email = uniqueEmail()) {
  const started = Date.now()
  const signup = await fetch(`${API}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (signup.status !== 201) throw new Error(`signup failed: ${await signup.text()}`)
  const otp = await verificationCode(email, started - 1000)
  const verify = await fetch(`${API}/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, otp }),
  })
  if (!verify.ok) throw new Error(`verify failed: ${await verify.text()}`)
  return { email, password: PASSWORD }
}

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

/**
 * A verified account that filled in its profile through POST /form/submit, picking `roleId`: that is
 * their role, and it grants nothing until someone allowed to grant it confirms it.
 */
export async function createEmployee(profile: { name: string; roleId: string; workLocation?: string; designation?: string }) {
  const account = await createVerifiedUser()
  const login = await fetch(`${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  })
  if (!login.ok) throw new Error(`login failed: ${await login.text()}`)
  const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
  const { user } = (await login.json()) as { user: { _id: string } }
  const submit = await fetch(`${API}/form/submit`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      personal: { name: profile.name, dob: '1990-01-01', phone: '+91 98765 43210', qualification: 'B.Tech' },
      professional: { workLocation: profile.workLocation ?? null, designation: profile.designation ?? null, previousExperience: 2 },
      financial: { previousOrgSalary: 100000 },
      roleId: profile.roleId,
    }),
  })
  if (!submit.ok) throw new Error(`profile submit failed: ${await submit.text()}`)
  return { ...account, id: user._id, name: profile.name, designation: profile.designation ?? null }
}
