import { useState, type FormEvent } from 'react'
import { formatStoredCnpj, maskCnpjInput } from '@mini-vagas/shared/domain/cnpj'
import { formatDateTime } from '@mini-vagas/shared/domain/dates'
import { PERSON_ROLE_LABELS, personErrors, type PersonForm, type PersonRole } from '@mini-vagas/shared/domain/staff-accounts'
import type { LegacyBinding, OneTimeLink, Person } from '@mini-vagas/shared/schemas/accounts'
import { Dialog } from '../../../components/dialog.tsx'
import { FormSubmit, SelectField, TextField } from '../../../components/form-fields.tsx'
import { LoadStates } from '../../../components/load-states.tsx'
import { useToast } from '../../../components/toast.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import useSWR from 'swr'
import type { User } from '@mini-vagas/shared/schemas/user'
import { sessionKey } from '../../../lib/session-key.ts'
import { bindLegacyLogin, editPerson, invitePerson, newLink, useTeam } from '../api/team.ts'

const ROLE_OPTIONS = (Object.keys(PERSON_ROLE_LABELS) as PersonRole[]).map((value) => ({ value, label: PERSON_ROLE_LABELS[value] }))
const message = (e: unknown) => (e instanceof ApiError ? e.message : GENERIC_ERROR)

/**
 * /equipe (the agency's administrators): the people of the team with their own accounts, and the
 * agency's legacy login their sessions use (docs/accounts.md). Invitations and new passwords are
 * links the admin hands over.
 */
export function Component() {
  useDocumentTitle('Equipe')
  const { data, error, isLoading, mutate } = useTeam()
  const [inviting, setInviting] = useState(false)
  const [editing, setEditing] = useState<Person | null>(null)
  const [link, setLink] = useState<OneTimeLink | null>(null)
  const bindings = data?.bindings ?? []
  return (
    <main id="main" className="page">
      <h1>Equipe</h1>
      <p className="subtitle">Cada pessoa entra com o próprio e-mail e senha; a auditoria e o histórico dos candidatos mostram quem fez cada alteração.</p>
      <LoadStates loading={isLoading ? 'Carregando a equipe...' : null} error={error} failed="Não foi possível carregar a equipe." onRetry={() => void mutate()} />
      {data && (
        <>
          <BindingSection bindings={bindings} onBound={() => void mutate()} />
          <section aria-labelledby="people-title" className="team-people">
            <div className="section-head">
              <h2 id="people-title">Pessoas ({data.people.length})</h2>
              <button type="button" className="button button-primary" disabled={bindings.length === 0} onClick={() => setInviting(true)}>
                Convidar pessoa
              </button>
            </div>
            {bindings.length === 0 && <p className="field-hint">Vincule primeiro o login da agência: é com ele que as contas da equipe entram no sistema de vagas.</p>}
            {data.people.length === 0 ? (
              <p>Ninguém tem conta própria ainda. Convide as pessoas da equipe: cada uma recebe um link para criar a senha.</p>
            ) : (
              <PeopleTable people={data.people} onEdit={setEditing} onLink={setLink} onChanged={() => void mutate()} />
            )}
          </section>
        </>
      )}
      {inviting && (
        <PersonDialog
          bindings={bindings}
          onClose={() => setInviting(false)}
          onDone={(made) => {
            setInviting(false)
            if (made) setLink(made)
            void mutate()
          }}
        />
      )}
      {editing && (
        <PersonDialog
          bindings={bindings}
          person={editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null)
            void mutate()
          }}
        />
      )}
      {link && <LinkDialog link={link} onClose={() => setLink(null)} />}
    </main>
  )
}

function PeopleTable({ people, onEdit, onLink, onChanged }: { people: Person[]; onEdit: (p: Person) => void; onLink: (l: OneTimeLink) => void; onChanged: () => void }) {
  const toast = useToast()
  // The session the app already probed (shared cache): a person does not switch themself off here.
  const { data: user } = useSWR<User | null>(sessionKey)
  const [busy, setBusy] = useState<string | null>(null)
  const act = async (person: Person, work: () => Promise<void>) => {
    setBusy(person.id)
    try {
      await work()
      onChanged()
    } catch (e) {
      toast(message(e), { kind: 'error' })
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="table-wrap">
      <table className="data">
        <caption className="visually-hidden">Pessoas da equipe</caption>
        <thead>
          <tr>
            <th scope="col">Nome</th>
            <th scope="col">E-mail</th>
            <th scope="col">Papel</th>
            <th scope="col">Situação</th>
            <th scope="col">Duas etapas</th>
            <th scope="col">Último acesso</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.name}</th>
              <td>{p.email}</td>
              <td>{PERSON_ROLE_LABELS[p.role]}</td>
              <td>{!p.active ? 'Desativada' : p.hasPassword ? 'Ativa' : 'Convite pendente'}</td>
              <td>{p.totp ? 'Sim' : 'Não'}</td>
              <td>{p.lastLoginAt ? formatDateTime(p.lastLoginAt) : '—'}</td>
              <td>
                <div className="row-actions">
                  <button type="button" className="button button-small" disabled={busy === p.id} onClick={() => onEdit(p)} aria-label={`Editar ${p.name}`}>
                    Editar
                  </button>
                  {p.active && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy === p.id}
                      aria-label={`${p.hasPassword ? 'Link de nova senha' : 'Novo convite'} para ${p.name}`}
                      onClick={() => void act(p, async () => onLink(await newLink(p.id)))}
                    >
                      {p.hasPassword ? 'Link de nova senha' : 'Novo convite'}
                    </button>
                  )}
                  {p.totp && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy === p.id}
                      aria-label={`Remover as duas etapas de ${p.name}`}
                      onClick={() => void act(p, async () => void (await editPerson(p.id, { removeTotp: true }), toast(`Duas etapas removidas para ${p.name}.`)))}
                    >
                      Remover duas etapas
                    </button>
                  )}
                  {user?.person?.id !== p.id && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy === p.id}
                      aria-label={`${p.active ? 'Desativar' : 'Reativar'} ${p.name}`}
                      onClick={() =>
                        void act(p, async () => {
                          await editPerson(p.id, { active: !p.active })
                          toast(p.active ? `${p.name} foi desativada: suas sessões terminaram.` : `${p.name} foi reativada.`)
                        })
                      }
                    >
                      {p.active ? 'Desativar' : 'Reativar'}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function PersonDialog({ bindings, person, onClose, onDone }: { bindings: LegacyBinding[]; person?: Person; onClose: () => void; onDone: (made?: OneTimeLink) => void }) {
  const [form, setForm] = useState<PersonForm & { bindingId: string }>({
    name: person?.name ?? '',
    email: person?.email ?? '',
    role: person?.role ?? '',
    bindingId: person?.bindingId ?? bindings[0]?.id ?? '',
  })
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }))
    setErrors((all) => ({ ...all, [field]: undefined }))
  }
  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: Record<string, string | undefined> = personErrors(form)
    setErrors(found)
    const first = (['name', 'email', 'role'] as const).find((f) => found[f])
    if (first) return document.getElementById(`person-${first}`)?.focus()
    setSending(true)
    setError(null)
    try {
      if (person) {
        await editPerson(person.id, { name: form.name, role: form.role, bindingId: form.bindingId })
        onDone()
      } else onDone(await invitePerson({ name: form.name, email: form.email, role: form.role, bindingId: form.bindingId }))
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errors).length > 0) setErrors(e.fieldMessages())
      else setError(message(e))
    } finally {
      setSending(false)
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={person ? `Editar ${person.name}` : 'Convidar pessoa'}>
      <form onSubmit={submit} noValidate aria-label={person ? 'Editar pessoa' : 'Convidar pessoa'}>
        <TextField id="person-name" label="Nome" required autoComplete="off" value={form.name} error={errors.name} onChange={set('name')} />
        {!person && <TextField id="person-email" label="E-mail" type="email" required autoComplete="off" value={form.email} error={errors.email} onChange={set('email')} />}
        <SelectField
          id="person-role"
          label="Papel"
          required
          options={ROLE_OPTIONS}
          value={form.role}
          error={errors.role}
          hint="Recrutadores fazem todo o trabalho do dia; administradores também cuidam da equipe, dos logins das empresas e da auditoria."
          onChange={set('role')}
        />
        {bindings.length > 1 && (
          <SelectField
            id="person-binding"
            label="Login da agência"
            required
            options={bindings.map((b) => ({ value: b.id, label: `${b.label} (${formatStoredCnpj(b.cnpj)})` }))}
            value={form.bindingId}
            error={errors.bindingId}
            onChange={set('bindingId')}
          />
        )}
        {errors.bindingId && bindings.length <= 1 && <p className="field-error">{errors.bindingId}</p>}
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Cancelar
          </button>
          <FormSubmit error={error} sending={sending} label={person ? 'Salvar' : 'Convidar'} busyLabel="Salvando..." />
        </div>
      </form>
    </Dialog>
  )
}

function LinkDialog({ link, onClose }: { link: OneTimeLink; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.link)
      setCopied(true)
    } catch {
      ;(document.getElementById('one-time-link') as HTMLInputElement | null)?.select()
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Link para ${link.person.name}`}
      description="Entregue este link à pessoa por um canal seu (o Mini Vagas ainda não envia e-mails). Ele é mostrado só agora."
    >
      <TextField id="one-time-link" label="Link" readOnly value={link.link} onFocus={(e) => e.target.select()} />
      <p className="field-hint">
        Vale até {formatDateTime(link.expiresAt)}, uma única vez. Gerar outro link anula este.{' '}
        {link.person.hasPassword ? 'A pessoa vai criar uma nova senha.' : 'A pessoa vai criar a senha e entrar com o e-mail ' + link.person.email + '.'}
      </p>
      <p role="status" className="field-hint">
        {copied ? 'Link copiado.' : ''}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copiar link
        </button>
        <button type="button" className="button button-primary" onClick={onClose}>
          Pronto
        </button>
      </div>
    </Dialog>
  )
}

function BindingSection({ bindings, onBound }: { bindings: LegacyBinding[]; onBound: () => void }) {
  const toast = useToast()
  const [open, setOpen] = useState(bindings.length === 0)
  const [cnpj, setCnpj] = useState('')
  const [password, setPassword] = useState('')
  const [label, setLabel] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!cnpj) found.cnpj = 'Preencha o CNPJ do login da agência.'
    if (!password) found.password = 'Preencha a senha do login da agência.'
    setErrors(found)
    if (Object.keys(found).length) return document.getElementById(found.cnpj ? 'binding-cnpj' : 'binding-password')?.focus()
    setSending(true)
    setError(null)
    try {
      await bindLegacyLogin({ label, cnpj, password })
      setPassword('')
      setOpen(false)
      toast('Login da agência vinculado. A senha fica guardada cifrada e nunca é mostrada.')
      onBound()
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errors).length > 0) {
        const fields = e.fieldMessages()
        setErrors({ ...(fields.cnpj ? { cnpj: fields.cnpj } : {}), ...(fields.password ? { password: fields.password } : {}) })
      } else setError(message(e))
    } finally {
      setSending(false)
    }
  }
  return (
    <section aria-labelledby="binding-title" className="form-card team-binding">
      <h2 id="binding-title">Login da agência no sistema de vagas</h2>
      <p className="field-hint">
        O sistema de vagas conhece só o login da agência (por CNPJ). Cada pessoa entra com a própria conta e o Mini Vagas usa este login por ela, sem nunca mostrá-lo.
      </p>
      {bindings.length > 0 && (
        <ul className="binding-list">
          {bindings.map((b) => (
            <li key={b.id}>
              <strong>{b.label}</strong> · CNPJ {formatStoredCnpj(b.cnpj)} · vinculado por {b.boundBy} em {formatDateTime(b.boundAt)}
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <form onSubmit={submit} noValidate aria-label="Vincular login da agência">
          <TextField id="binding-label" label="Nome do vínculo (opcional)" autoComplete="off" value={label} onChange={(e) => setLabel(e.target.value)} />
          <TextField
            id="binding-cnpj"
            label="CNPJ do login da agência"
            required
            autoComplete="off"
            placeholder="00.000.000/0000-00"
            maxLength={18}
            value={cnpj}
            error={errors.cnpj}
            onChange={(e) => setCnpj(maskCnpjInput(e.target.value))}
          />
          <TextField
            id="binding-password"
            label="Senha do login da agência"
            type="password"
            required
            autoComplete="off"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormSubmit error={error} sending={sending} label="Vincular" busyLabel="Conferindo com o sistema de vagas..." />
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Atualizar a senha do login da agência
        </button>
      )}
    </section>
  )
}
