import type { ErrorCode } from '#domain/contracts/errors'

/**
 * What a store answers when it will not do what it was asked: the kind of refusal and the sentence
 * a person reads. Stores know nothing of HTTP; the routes' error handler (api/http/errors.ts) alone
 * turns a kind into a status, so a store can be called from a script or another store unchanged.
 */
export type RefusalKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'too-many'

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Seconds until asking again may succeed (a limit reached). */
    readonly waitTime?: number,
    /** What a client branches on (domain/contracts/errors.ts), where one refusal leads elsewhere. */
    readonly code?: ErrorCode,
  ) {
    super(message)
  }
}

/** The input is wrong in a way the person can correct. */
export const invalid = (message: string, code?: ErrorCode) => new Refusal('invalid', message, undefined, code)
/** Nobody is signed in where someone must be. */
export const unauthenticated = (message = 'Please log in to continue.', code?: ErrorCode) => new Refusal('unauthenticated', message, undefined, code)
/** The caller may not do this. */
export const forbidden = (message = 'You do not have permission to do this.') => new Refusal('forbidden', message)
/** What was named does not exist (or is not the caller's to know of). */
export const notFound = (message = 'Not found') => new Refusal('not-found', message)
/** It clashes with what is stored: a name taken, a period overlapping. */
export const conflict = (message: string) => new Refusal('conflict', message)
/** A limit is reached; `waitTime` says when asking again may succeed. */
export const tooMany = (message: string, waitTime?: number, code?: ErrorCode) => new Refusal('too-many', message, waitTime, code)
