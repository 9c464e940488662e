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
