import { describe, expect, it } from 'vitest'
import { createEnvReader } from './env.ts'

describe('createEnvReader', () => {
  it('reads values with fallbacks', () => {
    const env = createEnvReader({ PORT: '3000', DEBUG: 'yes', LIST: 'a, b,,c', URL: 'http://x:1/api/' })
    expect(env.int('PORT', 1, 0, 65535)).toBe(3000)
    expect(env.int('OTHER', 7, 0, 10)).toBe(7)
    expect(env.bool('DEBUG', false)).toBe(true)
    expect(env.list('LIST')).toEqual(['a', 'b', 'c'])
    expect(env.url('URL')).toBe('http://x:1/api')
    expect(env.string('NAME', 'x')).toBe('x')
    expect(() => env.assertValid('test')).not.toThrow()
  })
  it('collects every problem into one error', () => {
    const env = createEnvReader({ PORT: 'abc', FLAG: 'maybe', URL: 'ftp://x', BLANK: '  ' })
    env.int('PORT', 1, 0, 65535)
    env.bool('FLAG', false)
    env.url('URL')
    env.string('BLANK')
    env.list('SECRETS')
    expect(() => env.assertValid('BFF')).toThrow(
      /Invalid BFF configuration:\n- PORT must be a whole number[^\n]*\n- FLAG must be true or false[^\n]*\n- URL must be an http\(s\) URL[^\n]*\n- BLANK is required\n- SECRETS is required/,
    )
  })
})
