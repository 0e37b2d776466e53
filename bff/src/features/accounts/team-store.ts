import { randomUUID } from 'node:crypto'
import type { Person, LegacyBinding } from '@mini-vagas/shared/schemas/accounts'
import type { PersonRole } from '@mini-vagas/shared/domain/staff-accounts'
import type { Migration, Queries, Store } from '../../plugins/store.ts'

/**
 * The team's accounts in the BFF's store (docs/accounts.md): people, their one-time links (kept
 * as SHA-256 digests, never the link), and the agency's legacy logins (sealed: the store alone
 * cannot open them). Secrets stay in sealed columns; nothing here is ever answered as stored.
 */
export const TEAM_MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS team_people (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL, role TEXT NOT NULL, active INTEGER NOT NULL,
     password_hash TEXT, totp_secret TEXT, totp_pending TEXT, totp_last_step BIGINT NOT NULL DEFAULT 0, binding_id TEXT,
     sessions_from BIGINT NOT NULL DEFAULT 0, last_login_at TEXT, created_at TEXT NOT NULL, created_by TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS team_links (digest TEXT PRIMARY KEY, person_id TEXT NOT NULL, purpose TEXT NOT NULL, expires_at BIGINT NOT NULL, used_at BIGINT);
   CREATE INDEX IF NOT EXISTS team_links_person ON team_links (person_id);
   CREATE TABLE IF NOT EXISTS team_legacy_logins (id TEXT PRIMARY KEY, label TEXT NOT NULL, cnpj TEXT NOT NULL UNIQUE, sealed TEXT NOT NULL, legacy_name TEXT NOT NULL, bound_by TEXT NOT NULL, bound_at TEXT NOT NULL);`,
]

export interface PersonRow {
  id: string
  email: string
  name: string
  role: PersonRole
  active: number
  password_hash: string | null
  totp_secret: string | null
  totp_pending: string | null
  totp_last_step: number
  binding_id: string | null
  sessions_from: number
  last_login_at: string | null
  created_at: string
  created_by: string
}

export interface LegacyLoginRow {
  id: string
  label: string
  cnpj: string
  sealed: string
  legacy_name: string
  bound_by: string
  bound_at: string
}

export type LinkPurpose = 'convite' | 'senha'

/** A person as admins see them: no hash, no secret. */
export const personView = (r: PersonRow): Person => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  active: Number(r.active) === 1,
  hasPassword: r.password_hash !== null,
  totp: r.totp_secret !== null,
  bindingId: r.binding_id,
  lastLoginAt: r.last_login_at,
  createdAt: r.created_at,
})

export const bindingView = (r: LegacyLoginRow): LegacyBinding => ({ id: r.id, label: r.label, cnpj: r.cnpj, legacyName: r.legacy_name, boundBy: r.bound_by, boundAt: r.bound_at })

export type TeamStore = Awaited<ReturnType<typeof createTeamStore>>

export async function createTeamStore(store: Store) {
  await store.migrate('accounts', TEAM_MIGRATIONS)
  const person = (sql: Queries, where: string, value: string) => sql.get<PersonRow>(`SELECT * FROM team_people WHERE ${where} = ?`, [value])
  return {
    people: () => store.all<PersonRow>('SELECT * FROM team_people ORDER BY active DESC, name, email'),
    byId: (id: string) => person(store, 'id', id),
    byEmail: (email: string) => person(store, 'email', email),
    /** Whether the person's sessions still hold: active, and started after their last password or deactivation. */
    sessionState: (id: string) => store.get<{ active: number; sessions_from: number }>('SELECT active, sessions_from FROM team_people WHERE id = ?', [id]),
    activeAdmins: async () => Number((await store.get<{ n: number }>("SELECT COUNT(*) AS n FROM team_people WHERE role = 'admin' AND active = 1"))?.n ?? 0),

    async invite(p: { email: string; name: string; role: PersonRole; bindingId: string; by: string; at: string }): Promise<PersonRow | null> {
      const id = randomUUID()
      const added = await store.run(
        'INSERT INTO team_people (id, email, name, role, active, binding_id, created_at, created_by) VALUES (?, ?, ?, ?, 1, ?, ?, ?) ON CONFLICT (email) DO NOTHING',
        [id, p.email, p.name, p.role, p.bindingId, p.at, p.by],
      )
      return added === 1 ? ((await person(store, 'id', id)) ?? null) : null
    },

    /** Changes of an admin's edit, in one transaction with the check that some active admin is left. */
    async edit(
      id: string,
      changes: { name?: string; role?: PersonRole; active?: boolean; bindingId?: string; removeTotp?: boolean },
      at: number,
    ): Promise<PersonRow | 'last-admin' | null> {
      return store
        .tx(async (sql) => {
          const before = await person(sql, 'id', id)
          if (!before) return null
          const sets: string[] = []
          const params: unknown[] = []
          const set = (column: string, value: unknown) => {
            sets.push(`${column} = ?`)
            params.push(value)
          }
          if (changes.name !== undefined) set('name', changes.name)
          if (changes.role !== undefined) set('role', changes.role)
          if (changes.bindingId !== undefined) set('binding_id', changes.bindingId)
          if (changes.removeTotp) {
            set('totp_secret', null)
            set('totp_pending', null)
          }
          if (changes.active !== undefined) {
            set('active', changes.active ? 1 : 0)
            // A deactivated person's sessions end on every instance (those of this very millisecond
            // too); a reactivated one signs in again.
            if (Number(before.active) === 1 && !changes.active) set('sessions_from', at + 1)
          }
          if (sets.length) await sql.run(`UPDATE team_people SET ${sets.join(', ')} WHERE id = ?`, [...params, id])
          const admins = Number((await sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM team_people WHERE role = 'admin' AND active = 1"))?.n ?? 0)
          // Refused inside the transaction: two admins demoting each other at once cannot both pass.
          if (admins === 0 && before.role === 'admin' && Number(before.active) === 1) throw new LastAdminError()
          return (await person(sql, 'id', id)) ?? null
        })
        .catch((error: unknown) => {
          if (error instanceof LastAdminError) return 'last-admin' as const
          throw error
        })
    },

    /** A new one-time link for the person; their earlier unused links stop working. */
    async addLink(personId: string, purpose: LinkPurpose, digest: string, expiresAt: number, at: number) {
      await store.tx(async (sql) => {
        await sql.run('UPDATE team_links SET used_at = ? WHERE person_id = ? AND used_at IS NULL', [at, personId])
        await sql.run('DELETE FROM team_links WHERE expires_at < ?', [at - 30 * 86_400_000])
        await sql.run('INSERT INTO team_links (digest, person_id, purpose, expires_at) VALUES (?, ?, ?, ?)', [digest, personId, purpose, expiresAt])
      })
    },
    /** The link's person and purpose while it is unused and unexpired; null otherwise. */
    openLink: async (digest: string, at: number) =>
      (await store.get<{ person_id: string; purpose: LinkPurpose }>('SELECT person_id, purpose FROM team_links WHERE digest = ? AND used_at IS NULL AND expires_at >= ?', [
        digest,
        at,
      ])) ?? null,
    /**
     * Uses the link to set the password, once: in one transaction the link is marked used (only if
     * it still was not) and the password set; every earlier session of the person ends.
     */
    useLink: (digest: string, passwordHash: string, at: number) =>
      store.tx(async (sql) => {
        const link = await sql.get<{ person_id: string }>('SELECT person_id FROM team_links WHERE digest = ? AND used_at IS NULL AND expires_at >= ?', [digest, at])
        if (!link) return null
        if ((await sql.run('UPDATE team_links SET used_at = ? WHERE digest = ? AND used_at IS NULL', [at, digest])) !== 1) return null
        const changed = await sql.run('UPDATE team_people SET password_hash = ?, sessions_from = ? WHERE id = ? AND active = 1', [passwordHash, at, link.person_id])
        return changed === 1 ? ((await person(sql, 'id', link.person_id)) ?? null) : null
      }),
    setPassword: (id: string, passwordHash: string, sessionsFrom: number | null) =>
      sessionsFrom === null
        ? store.run('UPDATE team_people SET password_hash = ? WHERE id = ?', [passwordHash, id])
        : store.run('UPDATE team_people SET password_hash = ?, sessions_from = ? WHERE id = ?', [passwordHash, sessionsFrom, id]),
    signedIn: (id: string, at: string) => store.run('UPDATE team_people SET last_login_at = ? WHERE id = ?', [at, id]),

    setPendingTotp: (id: string, sealed: string) => store.run('UPDATE team_people SET totp_pending = ? WHERE id = ?', [sealed, id]),
    confirmTotp: (id: string, sealed: string, step: number) =>
      store.run('UPDATE team_people SET totp_secret = ?, totp_pending = NULL, totp_last_step = ? WHERE id = ? AND totp_pending = ?', [sealed, step, id, sealed]),
    clearTotp: (id: string) => store.run('UPDATE team_people SET totp_secret = NULL, totp_pending = NULL WHERE id = ?', [id]),
    /** Takes a code's time step once: a code seen before (or an older one) is refused, on every instance. */
    useTotpStep: async (id: string, step: number) => (await store.run('UPDATE team_people SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?', [step, id, step])) === 1,

    legacyLogins: () => store.all<LegacyLoginRow>('SELECT * FROM team_legacy_logins ORDER BY bound_at'),
    legacyLogin: async (id: string) => (await store.get<LegacyLoginRow>('SELECT * FROM team_legacy_logins WHERE id = ?', [id])) ?? null,
    /** Keeps the agency's legacy login (a new one, or a new password for a CNPJ already bound). */
    async bindLegacyLogin(b: { label: string; cnpj: string; sealed: string; legacyName: string; by: string; at: string }): Promise<LegacyLoginRow> {
      await store.run(
        `INSERT INTO team_legacy_logins (id, label, cnpj, sealed, legacy_name, bound_by, bound_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (cnpj) DO UPDATE SET label = excluded.label, sealed = excluded.sealed, legacy_name = excluded.legacy_name, bound_by = excluded.bound_by, bound_at = excluded.bound_at`,
        [randomUUID(), b.label, b.cnpj, b.sealed, b.legacyName, b.by, b.at],
      )
      return (await store.get<LegacyLoginRow>('SELECT * FROM team_legacy_logins WHERE cnpj = ?', [b.cnpj]))!
    },
    reseal: (id: string, sealed: string) => store.run('UPDATE team_legacy_logins SET sealed = ? WHERE id = ?', [sealed, id]),
  }
}

class LastAdminError extends Error {}
