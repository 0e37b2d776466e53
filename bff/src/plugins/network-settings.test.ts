import { describe, expect, it } from 'vitest'
import { readBffConfig } from './config.ts'
import { readTrustedProxies } from './network-settings.ts'
import { testApp } from '../testing.ts'

describe('TRUST_PROXY: the hops that may name the client', () => {
  const read = (raw: string | undefined) => {
    const problems: string[] = []
    return { value: readTrustedProxies(raw, problems), problems }
  }
  it('trusts nobody by default', () => {
    expect(read(undefined)).toEqual({ value: false, problems: [] })
    expect(read('false')).toEqual({ value: false, problems: [] })
  })
  it('takes a hop count or the proxies’ addresses and networks', () => {
    expect(read('1')).toEqual({ value: 1, problems: [] })
    expect(read('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual({ value: '127.0.0.1,10.0.0.0/8,::1,fd00::/8,loopback', problems: [] })
  })
  it('refuses "every hop", and says what to write instead', () => {
    const { value, problems } = read('true')
    expect(value).toBe(false)
    expect(problems[0]).toMatch(/name the proxies/)
    expect(() => readBffConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would let any client choose its own address/)
  })
  it('refuses what is neither an address, a network nor a small hop count', () => {
    for (const raw of ['0.0.0.0/33', 'nginx', '10.0.0.1/8/2', '11', '1.2.3']) expect(read(raw).problems, raw).toHaveLength(1)
  })
  it('takes the client from the last hop it does not trust, whatever the client wrote before it', async () => {
    const app = await testApp({ TRUST_PROXY: '127.0.0.1' })
    app.get('/whoami', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }))
    const from = async (remoteAddress: string, xff?: string) =>
      JSON.parse((await app.inject({ url: '/whoami', remoteAddress, headers: xff ? { 'x-forwarded-for': xff } : {} })).body).ip
    // nginx appending to a forged header: the forged part is before the address nginx saw.
    expect(await from('127.0.0.1', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7')
    // A client reaching the BFF directly cannot name anyone.
    expect(await from('198.51.100.8', '203.0.113.9')).toBe('198.51.100.8')
    await app.close()
    const oneHop = await testApp({ TRUST_PROXY: '1' })
    oneHop.get('/whoami', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }))
    const viaOneHop = await oneHop.inject({ url: '/whoami', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' } })
    expect(JSON.parse(viaOneHop.body).ip).toBe('198.51.100.7')
    await oneHop.close()
  })
})
