import type { Constraints } from '#app/lib/form-reply'

/**
 * The attributes the sign-in screens' fields carry, as conform's getZodConstraint reads them from
 * the forms' schemas (domain/auth.ts): written out so the schemas stay on the server, and held to
 * getZodConstraint's answer by tests/unit/auth-constraints.test.ts.
 */
export const LOGIN_CONSTRAINT = { email: { required: true }, password: { required: true }, redirectTo: { required: false } } satisfies Constraints
export const SIGNUP_CONSTRAINT = { email: { required: true }, password: { required: true }, confirmPassword: { required: true } } satisfies Constraints
export const FORGOT_PASSWORD_CONSTRAINT = { email: { required: true } } satisfies Constraints
export const RESET_PASSWORD_CONSTRAINT = { token: { required: true }, password: { required: true }, confirmPassword: { required: true } } satisfies Constraints
