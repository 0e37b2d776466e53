import { describe, expect, it } from 'vitest'
import { bothStoreEngines } from '../../testing-store.ts'
import { createTeamStore } from './team-store.ts'

// The team's tables on both engines: what the routes rely on the store to hold by itself
// (one e-mail per person, one active admin left, a link used once, a code step taken once).
const engines = bothStoreEngines()

describe.each(['sqlite', 'postgres'] as const)('the team store on %s', (engine) => {
  it('keeps people, links, second factors and the bound legacy login', async () => {
    const store = await engines.open(await engines.places[engine]())
    try {
      const team = await createTeamStore(store)
      const bound = await team.bindLegacyLogin({ label: 'Agência', cnpj: '11222333000181', sealed: 'v1.x', legacyName: 'Adm', by: 'a@x', at: '2026-11-27T00:00:00Z' })
      const again = await team.bindLegacyLogin({ label: 'Agência', cnpj: '11222333000181', sealed: 'v1.y', legacyName: 'Adm', by: 'b@x', at: '2026-11-27T01:00:00Z' })
      expect(again.id).toBe(bound.id)
      expect(again.sealed).toBe('v1.y')
      const ana = (await team.invite({ email: 'ana@x.com', name: 'Ana', role: 'admin', bindingId: bound.id, by: 'a@x', at: '2026-11-27T00:00:00Z' }))!
      expect(await team.invite({ email: 'ana@x.com', name: 'Outra', role: 'recruiter', bindingId: bound.id, by: 'a@x', at: '2026-11-27T00:00:00Z' })).toBeNull()
      const rui = (await team.invite({ email: 'rui@x.com', name: 'Rui', role: 'recruiter', bindingId: bound.id, by: 'a@x', at: '2026-11-27T00:00:00Z' }))!
      // The last active admin stays one, whatever the edit.
      expect(await team.edit(ana.id, { role: 'recruiter' }, 1000)).toBe('last-admin')
      expect(await team.edit(ana.id, { active: false }, 1000)).toBe('last-admin')
      expect((await team.byId(ana.id))!.role).toBe('admin')
      await team.edit(rui.id, { role: 'admin' }, 1000)
      const off = await team.edit(ana.id, { active: false }, 2000)
      expect(off !== null && off !== 'last-admin' && [Number(off.active), Number(off.sessions_from)]).toEqual([0, 2001])
      // A link is used once, and a newer one voids the older.
      await team.addLink(rui.id, 'convite', 'd1', 10_000, 1000)
      await team.addLink(rui.id, 'convite', 'd2', 10_000, 1000)
      expect(await team.openLink('d1', 2000)).toBeNull()
      expect(await team.openLink('d2', 20_000)).toBeNull()
      expect((await team.useLink('d2', '$argon2id$hash', 3000))!.password_hash).toBe('$argon2id$hash')
      expect(await team.useLink('d2', '$argon2id$other', 3001)).toBeNull()
      // A TOTP step is taken once, and never an older one.
      expect(await team.useTotpStep(rui.id, 50)).toBe(true)
      expect(await team.useTotpStep(rui.id, 50)).toBe(false)
      expect(await team.useTotpStep(rui.id, 49)).toBe(false)
      expect((await team.people()).map((p) => [p.email, Number(p.active)])).toEqual([
        ['rui@x.com', 1],
        ['ana@x.com', 0],
      ])
    } finally {
      await store.close()
    }
  })
})
