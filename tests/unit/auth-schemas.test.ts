import { describe, expect, test } from 'vitest'
import {
  forgotPasswordPayload,
  forgotPasswordSchema,
  loginFormSchema,
  loginPayload,
  resendOtpPayload,
  resetPasswordFormSchema,
  resetPasswordPayload,
  signupFormSchema,
  signupPayload,
  verifyOtpFormSchema,
  verifyOtpPayload,
} from '#domain/auth'
import { firstCode, messagesOf, problems, type Schema } from '../support/schema'

const TOO_SHORT = 'Password must be at least 6 characters'
const COMPOSITION = 'Password must contain at least one letter, one number, and one special character'
const MISMATCH = 'Passwords do not match'
const OTP = 'Please enter the 6-digit code'
const MISSING_TOKEN = 'Missing token. Use the link from your email.'

const signup = (password: string, confirmPassword = password, email = 'ana@example.com') => ({ email, password, confirmPassword })

describe('signup password', () => {
  test.each(['a1!', 'ab1!c', 'A2$'])('a password under 6 characters gives "%s" the length message', (password) => {
    expect(problems(signupFormSchema, signup(password))).toEqual([{ path: 'password', message: TOO_SHORT }])
  })

  test('exactly 6 characters with a letter, a digit and a special is accepted', () => {
    expect(problems(signupFormSchema, signup('abc12!'))).toBeNull()
  })

  test.each([
    ['no digit and no special', 'abcdefgh'],
    ['no letter', '123456!@'],
    ['no digit', 'abcdef!@'],
    ['no special character', 'abcdef12'],
    ['a special outside @$!%*?&', 'abcd12#'],
    ['a space', 'abc 12!x'],
    ['a non-ASCII letter', 'äbcd12!'],
  ])('a password with %s gives the composition message', (_, password) => {
    expect(messagesOf(signupFormSchema, signup(password))).toEqual([COMPOSITION])
  })

  test.each(['@', '$', '!', '%', '*', '?', '&'])('each allowed special "%s" satisfies the rule', (special) => {
    expect(problems(signupFormSchema, signup(`abc12${special}`))).toBeNull()
  })

  test('a short password with a bad composition names both rules', () => {
    expect(messagesOf(signupFormSchema, signup('abc'))).toEqual([TOO_SHORT, COMPOSITION])
  })

  test('password and confirmation must match, else "Passwords do not match" on the confirmation', () => {
    expect(problems(signupFormSchema, signup('Secret1!', 'Secret1?'))).toEqual([{ path: 'confirmPassword', message: MISMATCH }])
    expect(problems(signupFormSchema, signup('Secret1!', ''))).toEqual([{ path: 'confirmPassword', message: MISMATCH }])
  })

  test('the API payload applies the same password rules', () => {
    expect(messagesOf(signupPayload, { email: 'ana@example.com', password: 'a1!' })).toEqual([TOO_SHORT])
    expect(messagesOf(signupPayload, { email: 'ana@example.com', password: 'abcdefgh' })).toEqual([COMPOSITION])
    expect(signupPayload.parse({ email: 'ana@example.com', password: 'Secret1!' }).password).toBe('Secret1!')
  })

  test('the password is not trimmed: surrounding spaces break the composition rule', () => {
    expect(messagesOf(signupPayload, { email: 'ana@example.com', password: ' Secret1! ' })).toEqual([COMPOSITION])
  })
})

describe('signup email', () => {
  test('the email is trimmed before sending', () => {
    expect(signupFormSchema.parse(signup('Secret1!', 'Secret1!', '  ana@example.com \t')).email).toBe('ana@example.com')
    expect(signupPayload.parse({ email: ' ana@example.com ', password: 'Secret1!' }).email).toBe('ana@example.com')
  })

  test('an empty or blank email is required', () => {
    expect(messagesOf(signupPayload, { email: '', password: 'Secret1!' })).toEqual(['Email is required'])
    expect(messagesOf(signupPayload, { email: '   ', password: 'Secret1!' })).toEqual(['Email is required'])
    expect(messagesOf(signupPayload, { password: 'Secret1!' })).toEqual(['Email is required'])
  })

  test('something that is not an address is refused', () => {
    expect(messagesOf(signupPayload, { email: 'ana', password: 'Secret1!' })).toEqual(['Enter a valid email address'])
    expect(messagesOf(signupPayload, { email: 'ana@', password: 'Secret1!' })).toEqual(['Enter a valid email address'])
  })
})

describe('one-time code', () => {
  test('exactly 6 digits is accepted', () => {
    expect(verifyOtpFormSchema.parse({ email: 'ana@example.com', otp: '012345' }).otp).toBe('012345')
    expect(problems(verifyOtpPayload, { email: 'ana@example.com', otp: '999999' })).toBeNull()
  })

  test.each([
    ['five digits', '12345'],
    ['seven digits', '1234567'],
    ['a letter', '12a456'],
    ['a space', '123 56'],
    ['surrounding spaces', ' 123456'],
    ['nothing', ''],
    ['a number instead of text', 123456],
    ['no code at all', undefined],
  ])('%s gives "Please enter the 6-digit code"', (_, otp) => {
    expect(problems(verifyOtpPayload, { email: 'ana@example.com', otp })).toEqual([{ path: 'otp', message: OTP }])
    expect(messagesOf(verifyOtpFormSchema, { email: 'ana@example.com', otp })).toEqual([OTP])
  })

  test("the resend purpose is 'signup' and nothing else", () => {
    expect(resendOtpPayload.parse({ email: ' ana@example.com ', purpose: 'signup' })).toEqual({ email: 'ana@example.com', purpose: 'signup' })
    expect(problems(resendOtpPayload, { email: 'ana@example.com', purpose: 'reset' })?.[0].path).toBe('purpose')
    expect(problems(resendOtpPayload, { email: 'ana@example.com' })?.[0].path).toBe('purpose')
  })
})

describe('login', () => {
  test('email and password are required', () => {
    expect(problems(loginFormSchema, { email: '', password: '' })).toEqual([
      { path: 'email', message: 'Email is required' },
      { path: 'password', message: 'Password is required' },
    ])
    expect(problems(loginPayload, {})).toEqual([
      { path: 'email', message: 'Email is required' },
      { path: 'password', message: 'Password is required' },
    ])
  })

  test('the email is trimmed', () => {
    expect(loginPayload.parse({ email: '  ana@example.com  ', password: 'x' }).email).toBe('ana@example.com')
    expect(loginFormSchema.parse({ email: '\tana@example.com\n', password: 'x' }).email).toBe('ana@example.com')
  })

  test('any non-empty password is accepted: the signup rules are not checked at login', () => {
    expect(loginPayload.parse({ email: 'ana@example.com', password: 'x' }).password).toBe('x')
  })

  test('the form keeps the page to return to', () => {
    expect(loginFormSchema.parse({ email: 'ana@example.com', password: 'x', redirectTo: '/users' }).redirectTo).toBe('/users')
  })
})

describe('forgot password', () => {
  test('the email is required and trimmed', () => {
    expect(forgotPasswordSchema.parse({ email: ' ana@example.com ' }).email).toBe('ana@example.com')
    expect(messagesOf(forgotPasswordPayload, { email: '' })).toEqual(['Email is required'])
  })
})

describe('reset password', () => {
  const form = (over: Record<string, unknown> = {}) => ({ token: 'abc', password: 'Secret1!', confirmPassword: 'Secret1!', ...over })

  test.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a blank token', '   '],
  ])("%s gives 'Missing token. Use the link from your email.'", (_, token) => {
    expect(problems(resetPasswordFormSchema, form({ token }))).toEqual([{ path: 'token', message: MISSING_TOKEN }])
    expect(problems(resetPasswordPayload, { token, newPassword: 'Secret1!' })).toEqual([{ path: 'token', message: MISSING_TOKEN }])
  })

  test("a password under 6 characters gives 'Password must be at least 6 characters'", () => {
    expect(messagesOf(resetPasswordFormSchema, form({ password: 'a1!', confirmPassword: 'a1!' }))).toEqual([TOO_SHORT])
    expect(messagesOf(resetPasswordPayload, { token: 'abc', newPassword: 'a1!' })).toEqual([TOO_SHORT])
  })

  test("a mismatch gives 'Passwords do not match'", () => {
    expect(problems(resetPasswordFormSchema, form({ confirmPassword: 'Secret2!' }))).toEqual([{ path: 'confirmPassword', message: MISMATCH }])
  })

  test('a complete form is accepted, the token trimmed', () => {
    expect(resetPasswordFormSchema.parse(form({ token: ' abc ' })).token).toBe('abc')
    expect(resetPasswordPayload.parse({ token: 'abc', newPassword: 'Secret1!' })).toEqual({ token: 'abc', newPassword: 'Secret1!' })
  })
})

describe('API payloads are strict', () => {
  test.each([
    ['signup', signupPayload, { email: 'ana@example.com', password: 'Secret1!', role: 'Admin' }],
    ['signup', signupPayload, { email: 'ana@example.com', password: 'Secret1!', isAdmin: true }],
    ['signup', signupPayload, { email: 'ana@example.com', password: 'Secret1!', confirmPassword: 'Secret1!' }],
    ['login', loginPayload, { email: 'ana@example.com', password: 'x', remember: true }],
    ['verify-otp', verifyOtpPayload, { email: 'ana@example.com', otp: '123456', userId: 'x' }],
    ['resend-otp', resendOtpPayload, { email: 'ana@example.com', purpose: 'signup', force: true }],
    ['forgot-password', forgotPasswordPayload, { email: 'ana@example.com', admin: true }],
    ['reset-password', resetPasswordPayload, { token: 'abc', newPassword: 'Secret1!', email: 'ana@example.com' }],
  ] as const)('%s refuses an unknown key', (_, schema, input) => {
    expect(firstCode(schema as Schema, input)).toBe('unrecognized_keys')
  })
})
