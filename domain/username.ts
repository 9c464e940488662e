// Apart from domain/users.ts's query schemas: a profile page shows the username without shipping zod.

/** The username shown on a profile: the full name, lower case, spaces as underscores, after an @. */
export const usernameOf = (fullName: string | null | undefined) =>
  fullName?.trim() ? `@${fullName.trim().toLowerCase().replace(/\s+/g, '_')}` : null
