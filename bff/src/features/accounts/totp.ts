import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import { totpCode } from '@mini-vagas/shared/domain/staff-accounts'

/**
 * The optional second factor: RFC 6238 codes (six digits, 30 s, SHA-1 — what every authenticator
 * app reads from a QR code), made and checked by `otpauth`. A code is taken at most once: the
 * caller records its time step (team-store's useTotpStep), so a code seen over a shoulder or in a
 * replayed request does not sign anyone in again.
 */
const PERIOD_S = 30

const totpOf = (secret: string, label: string) => new TOTP({ issuer: 'Mini Vagas', label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) })

/** A fresh secret, its otpauth:// address and that address as a QR code (SVG, for an <img>). */
export function newTotp(label: string) {
  const secret = new Secret({ size: 20 }).base32
  const uri = totpOf(secret, label).toString()
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) }
}

/**
 * The time step a typed code belongs to (the one before or after now counts too: phones' clocks
 * drift), or null when it is no code of this secret at all.
 */
export function totpStep(secret: string, typed: string, nowMs: number): number | null {
  const delta = totpOf(secret, 'x').validate({ token: totpCode(typed), timestamp: nowMs, window: 1 })
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_S) + delta
}

/** The code of `secret` at `atMs` (tests, and the e2e journeys' "phone"). */
export const totpAt = (secret: string, atMs: number) => totpOf(secret, 'x').generate({ timestamp: atMs })
