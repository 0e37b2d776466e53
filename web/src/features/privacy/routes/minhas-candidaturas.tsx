import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from '@mini-vagas/shared/constants/privacy'
import { looksLikeEmail } from '@mini-vagas/shared/domain/candidate-identity'
import { formatDate, formatDateTime } from '@mini-vagas/shared/domain/dates'
import { formatSlot, MODE_LABELS } from '@mini-vagas/shared/domain/interviews'
import type { ApplicationInterview, MyApplication, MyApplicationsAnswer, ScreeningExplanation } from '@mini-vagas/shared/schemas/my-applications'
import { Dialog } from '../../../components/dialog.tsx'
import { InterviewAnswers, type InterviewAnswer } from '../../../components/interview-answers.tsx'
import { FormSubmit, RadioGroup, TextField } from '../../../components/form-fields.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { ApiError, GENERIC_ERROR } from '../../../lib/api-client.ts'
import { forgetLinkToken, useLinkToken } from '../../../lib/link-token.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { answerApplicationInterview, askApplicationsLink, explainScreening, openApplications, useApplicationsChannels, withdrawApplication } from '../api/privacy.ts'
import type { PrivacyPrefill } from './meus-dados.tsx'

const KEPT = 'minhas-candidaturas'

/** Each stage in the status badges' colours (the staff's families). */
const STAGE_FAMILY: Record<MyApplication['stage']['key'], string> = {
  em_analise: 'screening',
  contato: 'waiting',
  entrevista: 'interview',
  aprovado: 'success',
  contratado: 'success',
  encerrado: 'neutral',
  desistiu: 'neutral',
}

/** Asking for the link: by e-mail (or by WhatsApp where the agency set it up), and the same answer whatever the contact. */
function AskForLink({ gone }: { gone: string | null }) {
  const channels = useApplicationsChannels()
  const [by, setBy] = useState<'email' | 'whatsapp'>('email')
  const [email, setEmail] = useState('')
  const [whatsapp, setWhatsapp] = useState('')
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const byWhatsApp = by === 'whatsapp' && channels.data?.whatsapp === true

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    if (!byWhatsApp && !looksLikeEmail(email)) {
      setFieldErrors({ email: 'Informe o e-mail que você usou na candidatura.' })
      return document.getElementById('email')?.focus()
    }
    setFieldErrors({})
    setSending(true)
    try {
      setSent((await askApplicationsLink(byWhatsApp ? { whatsapp: whatsapp.trim() } : { email: email.trim() })).message)
    } catch (failure) {
      if (failure instanceof ApiError) {
        setFieldErrors(failure.fieldMessages())
        setError(failure.message)
      } else setError(GENERIC_ERROR)
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      {gone && <StatusMessage kind="error" title={gone} />}
      {sent ? (
        <p className="alert alert-success" role="status">
          {sent}
        </p>
      ) : (
        <form className="card" onSubmit={submit} noValidate aria-labelledby="pedir-link">
          <h2 id="pedir-link">{channels.data?.whatsapp ? 'Receber o link' : 'Receber o link por e-mail'}</h2>
          <p>Informe o {byWhatsApp ? 'WhatsApp' : 'e-mail'} que você usou ao se candidatar. Enviamos um link que vale por 24 horas e mostra só as suas candidaturas — sem senha.</p>
          {channels.data?.whatsapp && (
            <RadioGroup
              id="canal"
              label="Receber por"
              options={[
                { value: 'email', label: 'E-mail' },
                { value: 'whatsapp', label: 'WhatsApp' },
              ]}
              value={by}
              onChange={(v) => setBy(v as 'email' | 'whatsapp')}
            />
          )}
          {byWhatsApp ? (
            <TextField
              id="whatsapp"
              label="WhatsApp usado na candidatura"
              required
              type="tel"
              autoComplete="tel"
              value={whatsapp}
              error={fieldErrors.whatsapp}
              placeholder="(85) 98888-7777"
              onChange={(e) => setWhatsapp(e.target.value)}
            />
          ) : (
            <TextField
              id="email"
              label="E-mail usado na candidatura"
              required
              type="email"
              autoComplete="email"
              value={email}
              error={fieldErrors.email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
          <div className="actions">
            <FormSubmit error={error} sending={sending} label="Receber link" />
          </div>
        </form>
      )}
    </>
  )
}

/** One application: where, since when, the stage in plain words, and what the person may do. */
function ApplicationCard({
  application,
  explanation,
  onWithdraw,
  onReview,
  onInterview,
}: {
  application: MyApplication
  explanation: ScreeningExplanation | undefined
  onWithdraw: () => void
  onReview: () => void
  onInterview: (action: InterviewAnswer, slotId?: number) => Promise<void>
}) {
  const headingId = `candidatura-${application.id}`
  return (
    <article className="card application-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{application.vacancy}</h2>
      <p className="subtitle">
        {[application.company, application.city].filter(Boolean).join(' · ')}
        {application.appliedAt && <> · candidatura enviada em {formatDate(application.appliedAt)}</>}
      </p>
      <p>
        <span className={`status-badge family-${STAGE_FAMILY[application.stage.key]}`}>{application.stage.label}</span> {application.stage.detail}
      </p>
      {application.interview && <InterviewPart interview={application.interview} onAnswer={onInterview} />}
      {explanation && (
        <details className="screening-explanation">
          <summary>Entenda a triagem</summary>
          <p>
            Em {explanation.at}, a sua candidatura passou por uma triagem automatizada. {explanation.method}
          </p>
          {explanation.criteria.length > 0 && (
            <>
              <p>Critérios da vaga e como cada um foi avaliado:</p>
              <ul>
                {explanation.criteria.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
          <p>{explanation.outcome}</p>
          <p>{explanation.decision}</p>
          <p>{explanation.review}</p>
          <button type="button" className="button" onClick={onReview}>
            Pedir revisão por uma pessoa
          </button>
        </details>
      )}
      {application.canWithdraw && (
        <div className="actions">
          <button type="button" className="button" onClick={onWithdraw}>
            Desistir da candidatura
          </button>
        </div>
      )}
    </article>
  )
}

/** The application's interview: when (or the times to choose from), where, with whom, and the answers. */
function InterviewPart({ interview, onAnswer }: { interview: ApplicationInterview; onAnswer: (action: InterviewAnswer, slotId?: number) => Promise<void> }) {
  return (
    <div className="application-interview">
      <p>
        <strong>Entrevista</strong> ({MODE_LABELS[interview.mode]}: {interview.place}; com {interview.interviewer}):{' '}
        {interview.status === 'confirmada' && interview.startsAt
          ? `confirmada para ${formatSlot(interview.startsAt)}.`
          : interview.status === 'remarcar'
            ? 'você pediu outro horário; a agência vai propor novos.'
            : interview.status === 'faltou'
              ? 'não houve comparecimento.'
              : 'escolha um dos horários propostos.'}
      </p>
      <InterviewAnswers id={`horario-${interview.id}`} interview={interview} onAnswer={onAnswer} />
    </div>
  )
}

/**
 * "Minhas candidaturas": an applicant, without an account, follows their applications through a
 * link sent to their e-mail (its secret in the address's fragment): the stage of each in plain
 * words, "Entenda a triagem" where an automated screening took part, withdrawing, and their LGPD
 * rights with "Meus dados" already filled in. Without a link (or with one that no longer opens),
 * the page asks for a new one.
 */
export function Component() {
  useDocumentTitle('Minhas candidaturas')
  const navigate = useNavigate()
  const token = useLinkToken(KEPT)
  const [answer, setAnswer] = useState<MyApplicationsAnswer | null>(null)
  const [explanations, setExplanations] = useState<ScreeningExplanation[]>([])
  const [gone, setGone] = useState<string | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [leaving, setLeaving] = useState<MyApplication | null>(null)
  const [withdrawing, setWithdrawing] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)

  useEffect(() => {
    if (!token) return
    const refused = (failure: unknown) => {
      if (failure instanceof ApiError && failure.status === 410) {
        forgetLinkToken(KEPT)
        setGone(failure.message)
      } else setFailed(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
    }
    openApplications(token).then(setAnswer, refused)
    explainScreening(token).then(
      (found) => setExplanations(found.explanations),
      () => setExplanations([]),
    )
  }, [token])

  const rights = (kind: PrivacyRequestKind) => {
    if (!answer) return
    const prefill: PrivacyPrefill = { kind, name: answer.name, email: answer.email, whatsapp: answer.whatsapp }
    void navigate('/meus-dados', { state: { prefill } })
  }

  async function withdraw() {
    if (!leaving) return
    setWithdrawing(true)
    try {
      setAnswer(await withdrawApplication(token, leaving.id))
      setNotice(`Você desistiu da candidatura para ${leaving.vacancy}. A agência foi avisada.`)
      setLeaving(null)
    } catch (failure) {
      setFailed(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
      setLeaving(null)
    } finally {
      setWithdrawing(false)
    }
  }

  return (
    <main id="main" className="page narrow-page">
      <h1>Minhas candidaturas</h1>
      {!token || gone ? (
        <AskForLink gone={gone} />
      ) : failed && !answer ? (
        <StatusMessage kind="error" title={failed} />
      ) : !answer ? (
        <StatusMessage kind="loading" title="Carregando as suas candidaturas..." />
      ) : (
        <>
          <p className="subtitle">
            Candidaturas enviadas com {answer.via === 'whatsapp' ? `o WhatsApp ${answer.whatsapp}` : answer.email}. Este link vale até {formatDateTime(answer.expiresAt)}.
          </p>
          {notice && (
            <p className="alert alert-success" role="status">
              {notice}
            </p>
          )}
          {failed && <StatusMessage kind="error" title={failed} />}
          {answer.applications.length === 0 ? (
            <StatusMessage kind="empty" title="Nenhuma candidatura encontrada com este e-mail." />
          ) : (
            <div className="application-list">
              {answer.applications.map((application) => (
                <ApplicationCard
                  key={application.id}
                  application={application}
                  explanation={explanations.find((e) => e.id === application.id)}
                  onWithdraw={() => setLeaving(application)}
                  onReview={() => rights('revisao')}
                  onInterview={async (action, slotId) => {
                    try {
                      setAnswer(await answerApplicationInterview(token, application.id, action, slotId))
                      setNotice(action === 'escolher' ? 'Horário confirmado.' : action === 'remarcar' ? 'Pedido de outro horário enviado.' : 'Entrevista cancelada.')
                      setFailed(null)
                    } catch (failure) {
                      setFailed(failure instanceof ApiError ? failure.message : GENERIC_ERROR)
                    }
                  }}
                />
              ))}
            </div>
          )}
          <section className="card" aria-labelledby="direitos">
            <h2 id="direitos">Seus direitos (LGPD)</h2>
            <p>Peça pelo &quot;Meus dados&quot;, já preenchido com o que você informou. Uma pessoa da equipe responde em até 15 dias.</p>
            <div className="actions">
              {PRIVACY_REQUEST_KINDS.map((kind) => (
                <button key={kind.value} type="button" className="button" onClick={() => rights(kind.value)}>
                  {kind.label}
                </button>
              ))}
            </div>
          </section>
        </>
      )}
      <Dialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title="Desistir desta candidatura?"
        description={leaving ? `Você sai da seleção para ${leaving.vacancy}. Isto não pode ser desfeito por aqui.` : undefined}
      >
        <div className="actions">
          <button type="button" className="button button-primary" onClick={() => void withdraw()} disabled={withdrawing}>
            {withdrawing ? 'Enviando...' : 'Desistir'}
          </button>
          <button type="button" className="button" onClick={() => setLeaving(null)}>
            Continuar na seleção
          </button>
        </div>
      </Dialog>
    </main>
  )
}
