import { describe, expect, it } from 'vitest'
import { editFormErrors, toEditForm, toUpdatePayload } from './edit-form.ts'

const candidate = { id: 1, full_name: 'Ana', age: 30, genero: 'feminino', is_pcd: false, email: 'a@x.com', whatsapp: '85999', status: 'pendente', obs: null, curso: null }

describe('candidate edit form', () => {
  it('reads the stored candidate, pendente as Sem Status', () => {
    const form = toEditForm(candidate)
    expect(form).toMatchObject({ full_name: 'Ana', age: '30', is_pcd: 'Não', status: '', obs: '', curso: '' })
  })
  it('requires name, e-mail and WhatsApp, and an age from 14 to 100', () => {
    const form = { ...toEditForm(candidate), full_name: ' ', email: 'ana@', whatsapp: '', age: '13' }
    expect(editFormErrors(form)).toEqual({
      full_name: 'Informe o nome completo.',
      email: 'Informe um e-mail válido.',
      whatsapp: 'Informe o WhatsApp.',
      age: 'A idade deve ser um número de 14 a 100.',
    })
    expect(editFormErrors({ ...form, full_name: 'Ana', email: 'a@x.com', whatsapp: '1', age: '' })).toEqual({})
    expect(editFormErrors({ ...form, full_name: 'Ana', email: 'a@x.com', whatsapp: '1', age: '100' })).toEqual({})
  })
  it('builds the payload (docs/product.md, Candidate edit)', () => {
    const payload = toUpdatePayload({ ...toEditForm(candidate), age: '31', is_pcd: 'Sim', status: 'aprovado' })
    expect(payload).toMatchObject({ full_name: 'Ana', age: 31, is_pcd: true, status: 'aprovado', obs: '' })
    expect(toUpdatePayload({ ...toEditForm(candidate), age: '' })).not.toHaveProperty('age')
  })
})
