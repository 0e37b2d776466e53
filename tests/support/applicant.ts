import { PRIVACY_NOTICE } from '../../shared/src/constants/privacy.ts'

/** A valid public application (the apply form's payload, consent given), with what a test needs changed. */
export function anApplication(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Pessoa de Teste',
    age: 30,
    genero: 'feminino',
    whatsapp: '(85) 99999-0000',
    email: 'pessoa@example.com',
    isPCD: false,
    address: { street: 'Rua A', neighborhood: 'Centro', city: 'Fortaleza', state: 'CE', cep: '60000000' },
    education: 'ensino médio completo',
    curso: '',
    veiopor: 'instagram',
    experience: ['nao', '', ''],
    jobId: 1,
    consent: { version: PRIVACY_NOTICE.version, accepted: true },
    ...overrides,
  }
}

/** A token of the stand-in's demo admin, to read records as the legacy's own staff would. */
export async function legacyAdminToken(legacyUrl: string): Promise<string> {
  const response = await fetch(`${legacyUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cnpj: '11222333000181', password: 'demo-admin-2026' }),
  })
  return ((await response.json()) as { data: { token: string } }).data.token
}
