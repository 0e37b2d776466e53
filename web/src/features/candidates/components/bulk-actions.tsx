import { useDeferredValue, useEffect, useRef, useState } from 'react'
import useSWR from 'swr'
import { candidateStatusOptions } from '@mini-vagas/shared/domain/candidate-status'
import { BOARD_STAGES } from '@mini-vagas/shared/domain/pipeline'
import { vacancyPickerDetails } from '@mini-vagas/shared/domain/vacancy-rules'
import { forwardTargets } from '@mini-vagas/shared/domain/vacancy-suggestions'
import type { BulkBody, BulkFilter, BulkJob } from '@mini-vagas/shared/schemas/pipeline'
import type { VacancyList } from '@mini-vagas/shared/schemas/vacancy'
import { Dialog } from '../../../components/dialog.tsx'
import { api, ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { MESSAGE_PURPOSES, MESSAGE_VARIABLES, SENDER_VARIABLES, type MessagePurpose } from '@mini-vagas/shared/domain/messages'
import type { SenderValues } from '@mini-vagas/shared/schemas/messages'
import { useTemplates } from '../api/messages.ts'
import { downloadSelection, resumeBulk, undoBulk, useBulkJob } from '../api/pipeline.ts'

/** Who a bulk action is for: people chosen one by one, or every one the list's filter matches. */
export type Selection = { kind: 'ids'; ids: ReadonlySet<number> } | { kind: 'filter'; filter: BulkFilter; count: number }
export const NO_SELECTION: Selection = { kind: 'ids', ids: new Set() }
export const selectionSize = (s: Selection) => (s.kind === 'ids' ? s.ids.size : s.count)
const plural = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'candidato' : 'candidatos'}`

/** The body of a bulk action on `selection`. */
export const bulkBody = (
  vacancyId: number,
  selection: Selection,
  action: Pick<BulkBody, 'action' | 'status' | 'targetVacancyId' | 'purpose' | 'values' | 'channel'>,
): BulkBody => ({
  vacancyId,
  ...action,
  ...(selection.kind === 'ids' ? { ids: [...selection.ids] } : { filter: selection.filter }),
})

/**
 * What can be done to the selected candidates at once (docs/product.md, Bulk actions): move them
 * to a status, send them to another vacancy, export them. The move is a deliberate choice — pick
 * the status, then "Mover" — and runs as a job whose progress shows below.
 */
export function BulkBar({
  vacancyId,
  selection,
  onClear,
  onStart,
}: {
  vacancyId: number
  selection: Selection
  onClear: () => void
  /** A bulk action to start: the caller starts it (and shows its progress). */
  onStart: (body: BulkBody) => Promise<void>
}) {
  const [status, setStatus] = useState<string | null>(null)
  const [forwarding, setForwarding] = useState(false)
  const [mailing, setMailing] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const size = selectionSize(selection)
  if (size === 0) return null
  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setProblem(null)
    try {
      await action()
    } catch (e) {
      setProblem(e instanceof ApiError ? (Object.values(e.errors)[0]?.[0] ?? e.message) : GENERIC_ERROR)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="bulk-bar" aria-label="Ações em massa">
      <strong aria-live="polite">{`${plural(size)} ${size === 1 ? 'selecionado' : 'selecionados'}`}</strong>
      <div className="field field-inline">
        <label htmlFor="bulk-status">Mover para</label>
        <select id="bulk-status" value={status ?? ''} onChange={(e) => setStatus(e.target.value === '' ? null : e.target.value.slice(1))}>
          <option value="">Escolha o status...</option>
          {candidateStatusOptions().map((o) => (
            <option key={o.value} value={`=${o.value}`}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button-primary"
        disabled={status === null || busy}
        onClick={() => void run(() => onStart(bulkBody(vacancyId, selection, { action: 'status', status: status! })))}
      >
        Mover
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => setForwarding(true)}>
        Enviar para outra vaga
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => setMailing(true)}>
        Enviar mensagem
      </button>
      {selection.kind === 'ids' && (
        <button type="button" className="button" disabled={busy} onClick={() => void run(() => downloadSelection(vacancyId, [...selection.ids]))}>
          Exportar selecionados (CSV)
        </button>
      )}
      <button type="button" className="button button-link" onClick={onClear}>
        Limpar seleção
      </button>
      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
      {mailing && (
        <BulkMessageDialog
          count={size}
          onClose={() => setMailing(false)}
          onSend={(purpose, values, channel) => run(() => onStart(bulkBody(vacancyId, selection, { action: 'message', purpose, values, channel }))).then(() => setMailing(false))}
        />
      )}
      {forwarding && (
        <BulkForwardDialog
          vacancyId={vacancyId}
          count={size}
          onClose={() => setForwarding(false)}
          onSend={(targetVacancyId) => run(() => onStart(bulkBody(vacancyId, selection, { action: 'forward', targetVacancyId }))).then(() => setForwarding(false))}
        />
      )}
    </section>
  )
}

type BulkChannel = NonNullable<BulkBody['channel']>

/**
 * Choose the template every selected person gets, how (by e-mail, or through WhatsApp Business
 * where the operator has Meta's approved template for it), and what no record holds.
 */
function BulkMessageDialog({
  count,
  onClose,
  onSend,
}: {
  count: number
  onClose: () => void
  onSend: (purpose: MessagePurpose, values: SenderValues, channel: BulkChannel) => Promise<void>
}) {
  const { data, error } = useTemplates()
  const [purpose, setPurpose] = useState<MessagePurpose | ''>('')
  const [chosenChannel, setChannel] = useState<BulkChannel>('email')
  const [values, setValues] = useState<SenderValues>({})
  const template = data?.templates.find((t) => t.purpose === purpose)
  const byWhatsApp = purpose !== '' && (data?.whatsappTemplates ?? []).includes(purpose)
  // A purpose without Meta's template goes by e-mail only.
  const channel: BulkChannel = byWhatsApp ? chosenChannel : 'email'
  const asked = template && channel === 'email' ? SENDER_VARIABLES.filter((name) => `${template.subject} ${template.body}`.includes(`{${name}}`)) : []
  const blocked = channel === 'email' && data?.mailConfigured === false
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Enviar mensagem para ${plural(count)}`}
      description={`Cada pessoa recebe a mensagem com o próprio nome, uma vez só. Quem pediu para não ser contatado ou não tem ${channel === 'email' ? 'e-mail' : 'WhatsApp'} fica de fora, e o relatório diz quem.`}
    >
      {error && (
        <p className="alert alert-error" role="alert">
          Erro ao carregar os modelos de mensagem
        </p>
      )}
      {blocked && (
        <p className="alert alert-error" role="alert">
          O envio de e-mails não está configurado neste servidor.
        </p>
      )}
      <div className="field">
        <label htmlFor="bulk-purpose">Mensagem</label>
        <select id="bulk-purpose" value={purpose} onChange={(e) => setPurpose(e.target.value as MessagePurpose | '')}>
          <option value="">Escolha a mensagem...</option>
          {MESSAGE_PURPOSES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {byWhatsApp && (
        <fieldset className="field">
          <legend>Enviar por</legend>
          <label>
            <input type="radio" name="bulk-channel" checked={channel === 'email'} onChange={() => setChannel('email')} /> E-mail
          </label>
          <label>
            <input type="radio" name="bulk-channel" checked={channel === 'whatsapp_api'} onChange={() => setChannel('whatsapp_api')} /> WhatsApp Business
          </label>
        </fieldset>
      )}
      {channel === 'whatsapp_api' && <p className="field-hint">Vai o modelo aprovado pela Meta para esta mensagem, com o nome de cada pessoa e a vaga.</p>}
      {asked.map((name) => (
        <div className="field" key={name}>
          <label htmlFor={`bulk-${name}`}>{MESSAGE_VARIABLES.find((v) => v.name === name)?.label}</label>
          <input id={`bulk-${name}`} value={values[name] ?? ''} maxLength={name === 'link' ? 500 : 300} onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))} />
        </div>
      ))}
      {template && channel === 'email' && <pre className="message-preview">{`${template.subject}\n\n${template.body}`}</pre>}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!purpose || blocked}
          onClick={() => void onSend(purpose as MessagePurpose, channel === 'email' ? values : {}, channel)}
        >
          Enviar
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancelar
        </button>
      </div>
    </Dialog>
  )
}

/** Choose the one vacancy the selection is sent to. */
function BulkForwardDialog({ vacancyId, count, onClose, onSend }: { vacancyId: number; count: number; onClose: () => void; onSend: (target: number) => Promise<void> }) {
  const { data: vacancies, error } = useSWR('/bff/vacancies', async (key: string) => (await api<VacancyList>(key)).vacancies)
  const [query, setQuery] = useState('')
  const [target, setTarget] = useState<number | null>(null)
  const options = forwardTargets(vacancies ?? [], { query: useDeferredValue(query), currentVacancyId: vacancyId, includeHidden: false }).slice(0, 50)
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Enviar ${plural(count)} para outra vaga`}
      description="Cria uma nova candidatura na vaga escolhida; quem já está nela não é enviado de novo."
    >
      {error && (
        <p className="alert alert-error" role="alert">
          Erro ao carregar vagas disponíveis
        </p>
      )}
      <div className="field">
        <label htmlFor="bulk-forward-search">Buscar vaga</label>
        <input id="bulk-forward-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Título, empresa ou cidade" />
      </div>
      <fieldset className="field forward-options">
        <legend className="visually-hidden">Vaga de destino</legend>
        {options.map((v) => (
          <label key={v.id} className="radio">
            <input type="radio" name="bulk-target" checked={target === v.id} onChange={() => setTarget(v.id)} />
            <span>
              <strong>{v.description}</strong> <span className="field-hint">{vacancyPickerDetails(v)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          Cancelar
        </button>
        <button type="button" className="button button-primary" disabled={target === null} onClick={() => void onSend(target!)}>
          Enviar
        </button>
      </div>
    </Dialog>
  )
}

/** Where a bulk WhatsApp send's messages stand by Meta's statuses, and whom they did not reach. */
function WhatsAppDelivery({ delivery, sent }: { delivery: NonNullable<BulkJob['delivery']>; sent: number }) {
  const n = (v: number) => v.toLocaleString('pt-BR')
  return (
    <>
      <p className="field-hint">
        Entrega pelo WhatsApp, segundo a Meta: {n(delivery.delivered)} de {n(sent)} {delivery.delivered === 1 ? 'entregue' : 'entregues'} · {n(delivery.read)}{' '}
        {delivery.read === 1 ? 'lida' : 'lidas'}
        {delivery.failed > 0 && ` · ${n(delivery.failed)} não ${delivery.failed === 1 ? 'entregue' : 'entregues'}`}
      </p>
      {delivery.failures.length > 0 && (
        <details open>
          <summary>{delivery.failed === 1 ? '1 mensagem não foi entregue' : `${n(delivery.failed)} mensagens não foram entregues`}: avise por outro meio</summary>
          <ul>
            {delivery.failures.map((f) => (
              <li key={f.candidateId}>{f.message}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  )
}

/** A bulk action's progress and last word, with "Desfazer" and "Continuar" where they apply. */
export function BulkProgress({ jobId, onSettled, onDismiss }: { jobId: string; onSettled: (job: BulkJob) => void; onDismiss: () => void }) {
  const { data: job, mutate } = useBulkJob(jobId)
  const [problem, setProblem] = useState<string | null>(null)
  const settledOnce = useRef<string | null>(null)
  const phase = job ? `${job.status}|${job.undo?.status ?? ''}` : ''
  useEffect(() => {
    if (!job || job.status === 'running' || job.undo?.status === 'running' || settledOnce.current === phase) return
    settledOnce.current = phase
    onSettled(job)
  }, [job, phase, onSettled])
  if (!job) return null
  const act = async (call: () => Promise<BulkJob>) => {
    setProblem(null)
    try {
      await mutate(await call(), { revalidate: false })
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : GENERIC_ERROR)
    }
  }
  const undoing = job.undo?.status === 'running'
  const running = job.status === 'running'
  const [done, total] = undoing ? [job.undo!.processed, job.undo!.total] : [job.processed, job.total]
  const verb =
    job.action === 'status'
      ? `Movendo para "${job.target}"`
      : job.action === 'message'
        ? `Enviando "${job.target}" ${job.channel === 'whatsapp_api' ? 'pelo WhatsApp' : 'por e-mail'}`
        : `Enviando para ${job.target}`
  return (
    <section className="bulk-progress" aria-label="Andamento da ação em massa">
      <div role="status" aria-live="polite">
        {running || undoing ? (
          <>
            <p>
              {undoing ? 'Desfazendo' : verb}: {done.toLocaleString('pt-BR')} de {total.toLocaleString('pt-BR')}
            </p>
            <progress max={total} value={done} aria-label="Progresso" />
            {job.notice && <p className="field-hint">{job.notice}</p>}
          </>
        ) : (
          <p>{job.undo?.message ?? job.message}</p>
        )}
      </div>
      {job.delivery && job.done > 0 && <WhatsAppDelivery delivery={job.delivery} sent={job.done} />}
      {!running && !undoing && job.failures.length > 0 && (
        <details>
          <summary>
            {job.action === 'message'
              ? job.failures.length === 1
                ? '1 mensagem não saiu ou ficou sem confirmação'
                : `${job.failures.length} mensagens não saíram ou ficaram sem confirmação`
              : job.failures.length === 1
                ? '1 candidato não foi alterado'
                : `${job.failures.length} candidatos não foram alterados`}
          </summary>
          <ul>
            {job.failures.map((f) => (
              <li key={f.candidateId}>{f.message}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="actions">
        {job.undoable && (
          <button type="button" className="button" onClick={() => void act(() => undoBulk(job.id))}>
            Desfazer
          </button>
        )}
        {(job.status === 'interrupted' || job.status === 'failed' || job.undo?.status === 'failed') && (
          <button type="button" className="button button-primary" onClick={() => void act(() => (job.undo?.status === 'failed' ? undoBulk(job.id) : resumeBulk(job.id)))}>
            Continuar
          </button>
        )}
        {!running && !undoing && (
          <button type="button" className="button button-link" onClick={onDismiss}>
            Fechar
          </button>
        )}
      </div>
      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}

/** Asks which of a column's statuses a move means; one click on it moves. */
export function MoveDialog({ count, family, onMove, onClose }: { count: number; family: string; onMove: (status: string) => void; onClose: () => void }) {
  const stage = BOARD_STAGES.find((s) => s.family === family)!
  const options = candidateStatusOptions().filter((o) => (stage.statuses as readonly string[]).includes(o.value))
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Mover ${plural(count)} para ${stage.label}`} description="Escolha o status.">
      <div className="choice-list">
        {options.map((o) => (
          <button key={o.value} type="button" className="button" onClick={() => onMove(o.value)}>
            {o.label}
          </button>
        ))}
      </div>
      <div className="actions">
        <button type="button" className="button button-link" onClick={onClose}>
          Cancelar
        </button>
      </div>
    </Dialog>
  )
}
