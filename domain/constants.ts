/** Business constants of the spec (spec/access-session-profile-shell.md §9, spec/administration-planning.md §9). */
export const PRODUCT_NAME = 'Workforce Portal'
/** The API's session cookie, which the web passes through and clears at logout. */
export const SESSION_COOKIE = 'portal_session'

export const OTP_LENGTH = 6
/** A code as the forms and the API take it: exactly OTP_LENGTH digits. */
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`)
export const OTP_PURPOSE_SIGNUP = 'signup'
export const MIN_PASSWORD_LENGTH = 6
export const RESET_REDIRECT_DELAY_MS = 900
export const COUNTDOWN_TICK_MS = 1000
export const DEFAULT_CURRENCY = 'INR'

export const PERMISSIONS = ['view', 'add', 'edit', 'delete'] as const
export type Permission = (typeof PERMISSIONS)[number]

/** The most users one list call answers (the spec's screens ask for 1000). */
export const USER_LIST_LIMIT = 1000

export const ACCOUNT_STATUSES = ['Active', 'Inactive'] as const
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]

/** The account role of an administrator; every other account is an ordinary user. */
export const ADMIN_ROLE = 'Admin'
export const DEFAULT_ACCOUNT_ROLE = 'User'
/** Roles every install starts with: the user-management role filter offers these. */
export const STARTER_ROLES = ['Developer', 'Engineer', 'PMO', 'Admin'] as const

export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed'] as const
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const
export const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP'] as const

/** Access rules of DESIGN §4. */
export const OTP_TTL_MS = 10 * 60_000
export const OTP_MAX_ATTEMPTS = 5
export const RESEND_COOLDOWN_MS = 60_000
export const RESEND_MAX_PER_HOUR = 5
export const RESET_TOKEN_TTL_MS = 30 * 60_000
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000
export const LOGIN_WINDOW_MS = 15 * 60_000
export const LOGIN_MAX_FAILURES_PER_EMAIL = 10
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 50
export const DRAFT_TTL_MS = 30 * 24 * 60 * 60_000
/** Sign-ups, reset requests and new profile drafts from one address in an hour (each counted apart). */
export const ADDRESS_WINDOW_MS = 60 * 60_000
export const DEFAULT_SIGNUPS_PER_ADDRESS_PER_HOUR = 30
/**
 * Writes a person makes on their own records (their leave, their profile) in an hour: far more
 * than anyone keeping their details makes, far fewer than a script. Counted as rows,
 * per person, like the login throttle; past it, 429 with waitTime.
 */
export const SELF_SERVICE_WRITES_PER_HOUR = 60
export const SELF_SERVICE_WINDOW_MS = 60 * 60_000
/**
 * Leave periods one writer (someone with `edit`) may record for other people in an hour, all of
 * them together: a person's lists grow only by what others add for them, so one writer cannot
 * pile thousands onto someone's dashboard in a minute. Enough for an office's leave typed in from
 * paper; counted in the same window and rows as the writes about oneself.
 */
export const LEAVE_FOR_OTHERS_PER_HOUR = 200
/** On SIGTERM or SIGINT, how long the requests in flight may take before their connections are cut (SHUTDOWN_DEADLINE_MS). */
export const DEFAULT_SHUTDOWN_DEADLINE_MS = 10_000
