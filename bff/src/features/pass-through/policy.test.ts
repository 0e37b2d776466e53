import { describe, expect, it } from 'vitest'
import { matchRule, PASS_THROUGH_RULES } from './policy.ts'

describe('pass-through policy', () => {
  it('matches each allow-listed pair and extracts its parameters', () => {
    expect(matchRule('GET', '/api/candidatos/12?x=1')?.rule.name).toBe('one candidate')
    expect(matchRule('GET', '/api/candidatos/12')?.params).toEqual({ id: '12' })
    expect(matchRule('GET', '/api/candidatos/status/contratado')?.params).toEqual({ status: 'contratado' })
    expect(matchRule('GET', '/api/candidatos/status-quantidades')?.rule.name).toBe('status counts')
    expect(matchRule('POST', '/api/candidatos/5/observacao')?.rule.name).toBe('candidate observation')
    expect(matchRule('GET', '/api/candidatos?page=2&start_date=2026-01-01')?.search.get('page')).toBe('2')
  })
  it('matches nothing outside the list', () => {
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/login'],
      ['DELETE', '/api/candidatos/1'],
      ['GET', '/api/candidatos/0'],
      ['GET', '/api/candidatos/1/'],
      ['GET', '/api/candidatos/%31'],
      ['GET', '/api/candidatos/..'],
      ['GET', '/api//candidatos'],
      ['GET', '/api/candidatos/1\\..'],
      ['GET', '/apix/candidatos'],
      ['GET', '/api/candidatos/status/CONTRATADO'],
      ['GET', '/api/candidatos/é'],
      ['GET', 'http://evil/api/candidatos'],
    ] as const) {
      expect(matchRule(method, url), `${method} ${url}`).toBeNull()
    }
  })
  it('never lists an /auth path and names every rule', () => {
    for (const rule of PASS_THROUGH_RULES) {
      expect(rule.pattern.source).not.toMatch(/auth/)
      expect(rule.name).not.toBe('')
    }
  })
})
