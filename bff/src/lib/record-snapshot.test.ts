import { describe, expect, it } from 'vitest'
import { createRecordSnapshot } from './record-snapshot.ts'

describe('an apply’s record snapshot', () => {
  it('reads a vacancy’s records once for many steps, again when old, and keeps what it hears between reads', async () => {
    const reads: number[] = []
    let clock = 0
    let stored = [
      { id: 1, status: 'triado', obs: null },
      { id: 2, status: null, obs: 'x' },
    ]
    const snapshot = createRecordSnapshot({ read: async (vacancyId) => (reads.push(vacancyId), stored.map((r) => ({ ...r }))), now: () => clock, maxAgeMs: 1000 })
    expect(await snapshot.get(7, 1)).toMatchObject({ status: 'triado' })
    expect(await snapshot.get(7, 2)).toMatchObject({ obs: 'x' })
    expect(reads).toEqual([7])
    // A recruiter's change this BFF wrote is seen at once, without a read.
    snapshot.heard({ id: 2, status: 'aprovado' })
    expect(await snapshot.get(7, 2)).toMatchObject({ status: 'aprovado', obs: 'x' })
    // Later, someone else's change is seen at the next read.
    stored = [{ id: 1, status: 'contratado', obs: null }, ...stored.slice(1)]
    clock = 1500
    expect(await snapshot.get(7, 1)).toMatchObject({ status: 'contratado' })
    expect(reads).toEqual([7, 7])
    expect(await snapshot.get(7, 3)).toBeNull()
    expect(await snapshot.get(null, 1)).toBeNull()
  })
  it('says nothing of a vacancy whose list could not be read, so the caller reads the record alone', async () => {
    const snapshot = createRecordSnapshot({ read: async () => null })
    expect(await snapshot.get(7, 1)).toBeNull()
  })
  it('lays a write heard while the read was on its way over what the read brings', async () => {
    let finish: (rows: Record<string, unknown>[]) => void = () => undefined
    const snapshot = createRecordSnapshot({ read: () => new Promise((resolve) => (finish = resolve)), now: () => 0 })
    const pending = snapshot.get(7, 1)
    snapshot.heard({ id: 1, status: 'aprovado' })
    finish([{ id: 1, status: 'triado', obs: 'nota' }])
    expect(await pending).toMatchObject({ status: 'aprovado', obs: 'nota' })
  })
})
