/**
 * Every refusal of the API is `{ error, waitTime?, code? }`: `error` is the sentence a screen shows
 * (the spec's words), `code` is what a client branches on where one refusal leads somewhere else.
 * Screens never branch on the sentence.
 */
export const ERROR_CODES = {
  /** Login: the password is right but the email is not verified yet (the screen goes to /verify-otp). */
  emailNotVerified: 'email_not_verified',
  /** Login: no account has this email (the screen offers to sign up). */
  userNotFound: 'user_not_found',
  /** Resend code: the hour's codes are spent (the screen blocks instead of counting down). */
  codeLimit: 'code_limit',
  /** Template save: no role has a cluster (the screen shows this sentence, not its "Error creating template"). */
  nothingPlanned: 'nothing_planned',
} as const
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]
