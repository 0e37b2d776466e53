import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_SESSION_SECRET, readBffConfig } from './config.ts'

describe('readBffConfig', () => {
  it('runs locally on defaults with the development secret', () => {
    const config = readBffConfig({})
    expect(config).toMatchObject({ production: false, port: 3000, legacyApiUrl: 'http://127.0.0.1:8000/api', cookieSecure: false, sessionSecrets: [DEVELOPMENT_SESSION_SECRET] })
  })
  it('in production needs the secret and the legacy URL, and names every problem at once', () => {
    expect(() => readBffConfig({ NODE_ENV: 'production', PORT: 'x', PUBLIC_ORIGIN: 'https://a.example/path' })).toThrow(
      /SESSION_SECRET is required[\s\S]*PORT must be[\s\S]*LEGACY_API_URL is required[\s\S]*PUBLIC_ORIGIN must be an origin/,
    )
  })
  it('refuses short secrets and reads a rotation list', () => {
    expect(() => readBffConfig({ SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/)
    const config = readBffConfig({ SESSION_SECRET: `${'n'.repeat(32)}, ${'o'.repeat(32)}` })
    expect(config.sessionSecrets).toEqual(['n'.repeat(32), 'o'.repeat(32)])
  })
  it('makes cookies Secure in production unless told otherwise', () => {
    const env = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), LEGACY_API_URL: 'https://legacy.example/api' }
    expect(readBffConfig(env).cookieSecure).toBe(true)
    expect(readBffConfig({ ...env, COOKIE_SECURE: 'false' }).cookieSecure).toBe(false)
  })
  it('reads the WhatsApp templates per purpose, and names a wrong one', () => {
    const cloud = { WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_APP_SECRET: 's', WHATSAPP_VERIFY_TOKEN: 'v' }
    expect(readBffConfig({ ...cloud, WHATSAPP_TEMPLATES: 'lembrete=mv_lembrete(nome,data)' }).whatsapp).toMatchObject({
      templates: { lembrete: { name: 'mv_lembrete', variables: ['nome', 'data'] } },
      language: 'pt_BR',
    })
    expect(() => readBffConfig({ ...cloud, WHATSAPP_TEMPLATES: 'lembrete=mv_lembrete(nome,endereco)' })).toThrow(/WHATSAPP_TEMPLATES: unknown variable "endereco" in lembrete/)
  })
})
