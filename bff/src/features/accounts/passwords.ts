import { argon2, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * People's passwords, hashed with Argon2id (RFC 9106) by Node's own crypto (OpenSSL): no native
 * addon to build, and the work runs on libuv's thread pool, so a login never holds the event loop
 * (docs/decisions/staff-accounts.md). Stored in the PHC string format other tools read
 * (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), parameters included, so they can be raised later
 * and old hashes still verify (and are re-hashed at the next login).
 */
export interface Argon2Cost {
  /** KiB of memory. */
  memory: number
  passes: number
  parallelism: number
}

/** OWASP's Password Storage Cheat Sheet's first Argon2id setting: 19 MiB, 2 passes, 1 lane. */
export const PASSWORD_COST: Argon2Cost = { memory: 19_456, passes: 2, parallelism: 1 }
const TAG_BYTES = 32
const SALT_BYTES = 16

const derive = (password: string, salt: Buffer, cost: Argon2Cost, tagLength: number) =>
  new Promise<Buffer>((resolve, reject) =>
    argon2('argon2id', { message: Buffer.from(password.normalize('NFC'), 'utf8'), nonce: salt, tagLength, ...cost }, (error, key) => (error ? reject(error) : resolve(key))),
  )

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '')

export async function hashPassword(password: string, cost: Argon2Cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const tag = await derive(password, salt, cost, TAG_BYTES)
  return `$argon2id$v=19$m=${cost.memory},t=${cost.passes},p=${cost.parallelism}$${b64(salt)}$${b64(tag)}`
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/

/** Whether `password` is the one `stored` was made from; a malformed hash verifies nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = PHC.exec(stored)
  if (!parts) return false
  const cost = { memory: Number(parts[1]), passes: Number(parts[2]), parallelism: Number(parts[3]) }
  const expected = Buffer.from(parts[5]!, 'base64')
  const tag = await derive(password, Buffer.from(parts[4]!, 'base64'), cost, expected.length)
  return timingSafeEqual(tag, expected)
}

/** Whether a stored hash was made with less than today's cost (hash again at the next login). */
export function weakerThan(stored: string, cost: Argon2Cost = PASSWORD_COST): boolean {
  const parts = PHC.exec(stored)
  if (!parts) return true
  return Number(parts[1]) < cost.memory || Number(parts[2]) < cost.passes
}
