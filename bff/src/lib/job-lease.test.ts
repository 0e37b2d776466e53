import { describe, expect, it } from 'vitest'
import { ownerOf } from './job-lease.ts'

describe('ownerOf', () => {
  const running = (r: { status: string }) => r.status === 'applying'
  it('reads the record again once no owner is seen: a job that wrote its last word meanwhile is not called ownerless', async () => {
    // Read while the job ran; by the time this instance and the lease are checked, the job had
    // written 'applied' and let go of both.
    const answer = await ownerOf({ status: 'applying' }, { running, ownedHere: () => false, leaseHeld: async () => false, readAgain: async () => ({ status: 'applied' }) })
    expect(answer).toEqual({ record: { status: 'applied' }, ownerless: false })
  })
  it('calls a record still running after the check ownerless', async () => {
    const answer = await ownerOf({ status: 'applying' }, { running, ownedHere: () => false, leaseHeld: async () => false, readAgain: async () => ({ status: 'applying' }) })
    expect(answer.ownerless).toBe(true)
  })
  it('never reads again while an owner holds it, here or by its lease', async () => {
    let reads = 0
    const readAgain = async () => {
      reads++
      return { status: 'applying' }
    }
    expect((await ownerOf({ status: 'applying' }, { running, ownedHere: () => true, leaseHeld: async () => false, readAgain })).ownerless).toBe(false)
    expect((await ownerOf({ status: 'applying' }, { running, ownedHere: () => false, leaseHeld: async () => true, readAgain })).ownerless).toBe(false)
    expect(reads).toBe(0)
  })
})
