import { describe, expect, it } from 'vitest'
import { isTraceId, traceIdOf, traceparent } from './trace.ts'

describe('trace context (W3C traceparent)', () => {
  it('continues a valid incoming trace and starts a new one otherwise', () => {
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'
    expect(traceIdOf(incoming)).toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    for (const bad of [
      undefined,
      '',
      'x',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      ['a', 'b'],
    ]) {
      const id = traceIdOf(bad as never)
      expect(isTraceId(id)).toBe(true)
      expect(id).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736')
    }
  })
  it('gives each outgoing call its own span of the same trace', () => {
    const a = traceparent('4bf92f3577b34da6a3ce929d0e0e4736')
    const b = traceparent('4bf92f3577b34da6a3ce929d0e0e4736')
    expect(a).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/)
    expect(a).not.toBe(b)
  })
})
