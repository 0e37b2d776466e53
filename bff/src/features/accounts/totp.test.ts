import { describe, expect, it } from 'vitest'
import { newTotp, totpAt, totpStep } from './totp.ts'

describe('TOTP', () => {
  it('makes a base32 secret, an otpauth address naming the product and the person, and a QR code', () => {
    const made = newTotp('ana@agencia.com.br')
    expect(made.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(made.uri).toMatch(/^otpauth:\/\/totp\/Mini%20Vagas:ana%40agencia\.com\.br\?/)
    expect(made.uri).toContain(`secret=${made.secret}`)
    expect(made.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/)
  })
  it('accepts this step’s code and its neighbours’, with spaces, and nothing further away', () => {
    const { secret } = newTotp('x')
    const t = 1_790_000_000_000
    const step = Math.floor(t / 30_000)
    expect(totpStep(secret, totpAt(secret, t), t)).toBe(step)
    expect(totpStep(secret, totpAt(secret, t - 30_000), t)).toBe(step - 1)
    expect(totpStep(secret, totpAt(secret, t + 30_000), t)).toBe(step + 1)
    const code = totpAt(secret, t)
    expect(totpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, t)).toBe(step)
    expect(totpStep(secret, totpAt(secret, t - 90_000), t)).toBeNull()
    expect(totpStep(secret, 'abcdef', t)).toBeNull()
  })
})
