import { describe, expect, it } from 'vitest'
import { createJobSlots } from './job-slots.ts'

describe('job slots', () => {
  it('one job per key: a second take while it runs is refused, a take after it is freed succeeds', async () => {
    const slots = createJobSlots()
    expect(await slots.take('a')).toBe(true)
    expect(await slots.take('a')).toBe(false)
    expect(await slots.take('b')).toBe(true)
    expect(slots.size).toBe(2)
    slots.free('a')
    expect(await slots.take('a')).toBe(true)
  })
  it('a take while the job is ending waits until it is freed, then takes the key', async () => {
    const slots = createJobSlots()
    await slots.take('a')
    slots.ending('a')
    let taken: boolean | null = null
    const waiting = slots.take('a').then((t) => (taken = t))
    await new Promise((r) => setTimeout(r, 10))
    expect(taken).toBeNull()
    slots.free('a')
    await waiting
    expect(taken).toBe(true)
    expect(slots.has('a')).toBe(true)
  })
})
