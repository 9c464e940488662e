import { getZodConstraint } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { forgotPasswordSchema, loginFormSchema, resetPasswordFormSchema, signupFormSchema } from '#domain/auth'
import { FORGOT_PASSWORD_CONSTRAINT, LOGIN_CONSTRAINT, RESET_PASSWORD_CONSTRAINT, SIGNUP_CONSTRAINT } from '#app/features/auth/constraints'

/**
 * The sign-in screens' fields carry the attributes conform's getZodConstraint reads from their
 * schemas: written out so the schemas stay on the server, and held to the schemas here.
 */
describe("the sign-in screens' field attributes", () => {
  test.each([
    ['login', LOGIN_CONSTRAINT, loginFormSchema],
    ['signup', SIGNUP_CONSTRAINT, signupFormSchema],
    ['forgot-password', FORGOT_PASSWORD_CONSTRAINT, forgotPasswordSchema],
    ['reset-password', RESET_PASSWORD_CONSTRAINT, resetPasswordFormSchema],
  ] as const)('%s: what getZodConstraint reads from the schema', (_name, written, schema) => {
    expect(written).toEqual(getZodConstraint(schema))
  })
})
