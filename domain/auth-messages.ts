/**
 * The sign-in screens' sentences, apart from their schemas (domain/auth.ts): a page that shows one
 * of them (Reset password's missing token, Verify's code) ships the sentence without zod.
 */

/** Texts of spec/access-session-profile-shell.md §5, to the letter. */
export const messages = {
  passwordTooShort: 'Password must be at least 6 characters',
  passwordComposition: 'Password must contain at least one letter, one number, and one special character',
  passwordsDoNotMatch: 'Passwords do not match',
  otpInvalid: 'Please enter the 6-digit code',
  missingToken: 'Missing token. Use the link from your email.',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
} as const
