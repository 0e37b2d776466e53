import { describe, expect, it } from 'vitest'
import { readLegacyConfig } from './config.ts'

describe('readLegacyConfig', () => {
  it('has working defaults', () => {
    expect(readLegacyConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8000,
      databaseFile: '.data/legacy.sqlite',
      pageSize: 20,
      tokenTtlMinutes: 720,
      latencyMs: 0,
      latencyJitterMs: 0,
      rateLimitPerMinute: 0,
      control: false,
    })
  })
  it('reads every knob', () => {
    const config = readLegacyConfig({
      LEGACY_PORT: '9001',
      LEGACY_DB: '/tmp/x.sqlite',
      LEGACY_PAGE_SIZE: '50',
      LEGACY_LATENCY_MS: '20',
      LEGACY_LATENCY_JITTER_MS: '5',
      LEGACY_RATE_LIMIT: '60',
      LEGACY_CONTROL: '1',
    })
    expect(config).toMatchObject({ port: 9001, databaseFile: '/tmp/x.sqlite', pageSize: 50, latencyMs: 20, latencyJitterMs: 5, rateLimitPerMinute: 60, control: true })
  })
  it('names every invalid variable at once', () => {
    expect(() => readLegacyConfig({ LEGACY_PORT: 'abc', LEGACY_PAGE_SIZE: '0', LEGACY_CONTROL: 'maybe' })).toThrow(/LEGACY_PORT[\s\S]*LEGACY_PAGE_SIZE[\s\S]*LEGACY_CONTROL/)
  })
})
