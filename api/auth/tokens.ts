import { createHash, randomBytes, randomInt } from 'node:crypto'
import { OTP_LENGTH } from '#domain/constants'

/** 256 random bits, URL-safe: session, draft and reset tokens. */
export const newToken = () => randomBytes(32).toString('base64url')

/** Only hashes are stored, so a copy of the database holds no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const newOtp = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')

/** A code is short, so its hash is bound to its owner and purpose. */
export const hashOtp = (userId: string, purpose: string, code: string) => hashToken(`${userId}:${purpose}:${code}`)
