import { DEMO_ACCOUNTS } from '../legacy-api/src/seed/demo-accounts.ts'

/** The demo's team with their own accounts (docs/accounts.md): an admin and a recruiter. */
export const DEMO_TEAM = [
  { name: 'Ana Souza', email: 'ana@minivagas.demo', role: 'admin', password: 'demo-equipe-a-2026' },
  { name: 'Bruno Lima', email: 'bruno@minivagas.demo', role: 'recruiter', password: 'demo-equipe-b-2026' },
] as const

/**
 * Sets the demo team up through the BFF's own routes, as an admin would on the Equipe screen: the
 * agency's shared login binds itself, invites each person, and each sets their password by the
 * link. Does nothing for people already on the team (the BFF's store outlives restarts).
 */
export async function setUpDemoTeam(bffUrl: string, origin: string): Promise<void> {
  const agency = DEMO_ACCOUNTS.find((a) => a.label === 'admin')!
  const headers = (cookie?: string) => ({ 'content-type': 'application/json', 'x-csrf': '1', origin, ...(cookie ? { cookie } : {}) })
  const post = async (path: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${bffUrl}${path}`, { method: 'POST', headers: headers(cookie), body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response
  }
  const login = await post('/bff/auth/login', { cnpj: agency.cnpj, password: agency.password })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
  const team = (await (await fetch(`${bffUrl}/bff/team`, { headers: { cookie } })).json()) as { people: { email: string }[]; bindings: { id: string }[] }
  const bindingId =
    team.bindings[0]?.id ??
    ((await (await post('/bff/team/bindings', { label: 'Administração', cnpj: agency.cnpj, password: agency.password }, cookie)).json()) as { binding: { id: string } }).binding.id
  for (const person of DEMO_TEAM) {
    if (team.people.some((p) => p.email === person.email)) continue
    const { link } = (await (await post('/bff/team/people', { name: person.name, email: person.email, role: person.role, bindingId }, cookie)).json()) as { link: string }
    await post('/bff/auth/people/password', { token: link.split('#')[1], password: person.password, confirmation: person.password })
  }
  // No logout: the session's legacy token, lent to the BFF's background work, lets the candidate
  // index be built at once, so an applicant's "Minhas candidaturas" works before any staff member
  // has signed in (in production, staff use the product all day).
}
