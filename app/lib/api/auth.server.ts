import type { OTP_PURPOSE_SIGNUP } from '#domain/constants'
import type { Acknowledged } from '#domain/contracts/profiles'
import type { User } from '#domain/contracts/users'
import { api, type Caller } from './http.server'

/** The accounts calls (spec/access-session-profile-shell.md §7): sign-up, the code, sign-in and out, the reset link. */

type Signed = Acknowledged & { user: User }
const post = <T>(caller: Caller, path: string, body?: unknown) => api<T>(caller, path, { method: 'POST', body })

export const signUp = (caller: Caller, body: { email: string; password: string }) => post<Acknowledged>(caller, '/auth/signup', body)
export const resendCode = (caller: Caller, body: { email: string; purpose: typeof OTP_PURPOSE_SIGNUP }) => post<Acknowledged>(caller, '/auth/resend-otp', body)
export const verifyCode = (caller: Caller, body: { email: string; otp: string }) => post<Signed>(caller, '/auth/verify-otp', body)
export const logIn = (caller: Caller, body: { email: string; password: string }) => post<Signed>(caller, '/auth/login', body)
export const logOut = (caller: Caller) => post<Acknowledged>(caller, '/auth/logout')
export const requestReset = (caller: Caller, body: { email: string }) => post<Acknowledged>(caller, '/auth/forgot-password', body)
export const resetPassword = (caller: Caller, body: { token: string; newPassword: string }) => post<Acknowledged>(caller, '/auth/reset-password', body)
