import { useState } from 'react'
import { optionalRangeProblem } from '@mini-vagas/shared/domain/export-rules'
import { formatDate, formatDateTime } from '@mini-vagas/shared/domain/dates'
import { formatStoredCnpj } from '@mini-vagas/shared/domain/cnpj'
import type { RecruitingReport } from '@mini-vagas/shared/schemas/reports'
import { BarChart } from '../../../components/bar-chart.tsx'
import { StatCard } from '../../../components/stat-card.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { reportQuery, useRecruitingReport, useReportCompanies } from '../api/get-recruiting-report.ts'

const days = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('pt-BR')} ${value === 1 ? 'dia' : 'dias'}`)

/** A table of the report's lines (recruiters, companies): vacancies, hires and how fast. */
function LinesTable({ caption, first, lines }: { caption: string; first: string; lines: RecruitingReport['recruiters'] }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="data">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">Vagas</th>
            <th scope="col">Preenchidas</th>
            <th scope="col">Candidatos</th>
            <th scope="col">Contratações</th>
            <th scope="col">Tempo até preencher (mediana)</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.name}>
              <th scope="row">{l.name}</th>
              <td>{l.vacancies.toLocaleString('pt-BR')}</td>
              <td>{l.filledVacancies.toLocaleString('pt-BR')}</td>
              <td>{l.candidates.toLocaleString('pt-BR')}</td>
              <td>{l.hires.toLocaleString('pt-BR')}</td>
              <td>{days(l.medianDaysToFill)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * docs/product.md, Reports: the recruiting report of the vacancies opened in a period — how fast
 * they were filled, the funnel, time in each stage, the sources that lead to hires, hires per
 * recruiter and per company. Staff see every company (or one); a company sees its own.
 */
export function Component() {
  useDocumentTitle('Relatórios de recrutamento')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [cnpj, setCnpj] = useState('')
  const problem = optionalRangeProblem(from || undefined, to || undefined)
  const params = problem ? null : { from, to, cnpj }
  const { data: report, error, isLoading, mutate } = useRecruitingReport(params)
  // The answer says whose vacancies it covers: staff may narrow to one company.
  const [staff, setStaff] = useState(false)
  if (report && staff !== (report.scope === 'agency')) setStaff(report.scope === 'agency')
  const companies = useReportCompanies(staff)
  const inscritos = report?.funnel[0]?.count ?? 0
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Relatórios de recrutamento</h1>
        <p className="subtitle" aria-live="polite">
          {report
            ? `Vagas abertas de ${formatDate(report.from)} a ${formatDate(report.to)} · gerado em ${formatDateTime(report.generatedAt)} · alterações feitas fora do Mini Vagas: até ${formatDateTime(report.indexedAt)}`
            : 'Vagas abertas no período, com o tempo até preencher, o funil e as fontes que levam a contratações'}
        </p>
      </header>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="report-from">Abertas a partir de</label>
          <input id="report-from" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="report-to">Até</label>
          <input id="report-to" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </div>
        {staff && (
          <div className="field">
            <label htmlFor="report-company">Empresa</label>
            <select id="report-company" value={cnpj} onChange={(e) => setCnpj(e.target.value)}>
              <option value="">Todas as empresas</option>
              {companies.map(([value, name]) => (
                <option key={value} value={value}>
                  {name || formatStoredCnpj(value)}
                </option>
              ))}
            </select>
          </div>
        )}
        {params && (
          <a className="button" href={`/bff/reports/recruiting.xlsx?${reportQuery(params)}`} download>
            Baixar planilha (.xlsx)
          </a>
        )}
      </div>
      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
      {error && !report && (
        <StatusMessage
          kind="error"
          title="Falha ao carregar o relatório."
          action={
            <button type="button" className="button" onClick={() => void mutate()}>
              Tentar novamente
            </button>
          }
        >
          {error.message}
        </StatusMessage>
      )}
      {(isLoading || report) && (
        <section className="stat-grid" aria-label="Resumo" aria-busy={!report}>
          <StatCard title="Vagas abertas no período" value={report?.totals.vacancies} />
          <StatCard title="Vagas preenchidas" value={report?.totals.filledVacancies} hint="Contratados tantos quantos a vaga pediu" />
          <StatCard title="Candidatos" value={report?.totals.candidates} />
          <StatCard title="Contratações" value={report?.totals.hires} />
          <StatCard title="Tempo até preencher" value={report ? report.totals.medianDaysToFill : undefined} unit="dias" hint="Mediana, da abertura à última contratação pedida" />
          <StatCard
            title="Tempo até a 1ª contratação"
            value={report ? report.totals.medianDaysToFirstHire : undefined}
            unit="dias"
            hint="Mediana, da abertura à primeira contratação"
          />
        </section>
      )}
      {report && (
        <>
          <div className="chart-grid">
            <BarChart
              title="Funil: quantos chegaram a cada etapa"
              tone="teal"
              data={report.funnel.map((s) => ({ label: `${s.label}${inscritos ? ` (${Math.round((s.count / inscritos) * 100)}%)` : ''}`, value: s.count }))}
              empty="Nenhum candidato nas vagas do período."
            />
            <BarChart
              title="Contratações por fonte (como soube da vaga)"
              tone="green"
              data={report.sources.map((s) => ({ label: `${s.origin} (${s.rate.toLocaleString('pt-BR')}% dos inscritos)`, value: s.hires }))}
              empty="Nenhuma contratação nas vagas do período."
            />
          </div>
          <section className="card report-section" aria-labelledby="stage-times">
            <h2 id="stage-times">Tempo em cada etapa</h2>
            <p className="field-hint">
              {report.historyFrom
                ? `Medido a partir das mudanças de status registradas pelo Mini Vagas desde ${formatDateTime(report.historyFrom)}; o que mudou antes disso não tem data de entrada na etapa.`
                : 'O Mini Vagas ainda não registrou mudanças de status: o tempo em cada etapa aparece assim que elas acontecerem.'}
            </p>
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Tempo em cada etapa">
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">Etapa</th>
                    <th scope="col">Mediana</th>
                    <th scope="col">Passagens medidas</th>
                  </tr>
                </thead>
                <tbody>
                  {report.stageTimes.map((s) => (
                    <tr key={s.stage}>
                      <th scope="row">{s.label}</th>
                      <td>{days(s.medianDays)}</td>
                      <td>{s.measured.toLocaleString('pt-BR')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card report-section" aria-labelledby="sources">
            <h2 id="sources">Fontes que levam a contratações</h2>
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Fontes que levam a contratações">
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">Como soube da vaga</th>
                    <th scope="col">Candidatos</th>
                    <th scope="col">Contratações</th>
                    <th scope="col">Taxa de contratação</th>
                  </tr>
                </thead>
                <tbody>
                  {report.sources.map((s) => (
                    <tr key={s.origin}>
                      <th scope="row">{s.origin}</th>
                      <td>{s.candidates.toLocaleString('pt-BR')}</td>
                      <td>{s.hires.toLocaleString('pt-BR')}</td>
                      <td>{s.rate.toLocaleString('pt-BR')}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card report-section" aria-labelledby="recruiters">
            <h2 id="recruiters">Contratações por recrutador</h2>
            <LinesTable caption="Vagas e contratações de cada recrutador" first="Recrutador" lines={report.recruiters} />
          </section>
          {staff && (
            <section className="card report-section" aria-labelledby="companies">
              <h2 id="companies">Por empresa cliente</h2>
              <LinesTable caption="Vagas e contratações de cada empresa" first="Empresa" lines={report.companies} />
            </section>
          )}
          <section className="card report-section" aria-labelledby="vacancies">
            <h2 id="vacancies">Vagas</h2>
            {report.vacancies.length === 0 ? (
              <p>Nenhuma vaga aberta no período.</p>
            ) : (
              <div className="table-wrap" tabIndex={0} role="region" aria-label="Vagas do período">
                <table className="data">
                  <thead>
                    <tr>
                      <th scope="col">Vaga</th>
                      <th scope="col">Aberta em</th>
                      <th scope="col">Solicitadas</th>
                      <th scope="col">Candidatos</th>
                      <th scope="col">Entrevistados</th>
                      <th scope="col">Contratações</th>
                      <th scope="col">Até preencher</th>
                      <th scope="col">Até a 1ª contratação</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.vacancies.map((v) => (
                      <tr key={v.id}>
                        <th scope="row">
                          {v.description || 'Vaga sem título'}
                          <span className="cell-note">{[staff ? v.company : null, v.city, v.recruiter].filter(Boolean).join(' · ')}</span>
                        </th>
                        <td>{formatDate(v.openedAt)}</td>
                        <td>{v.requested.toLocaleString('pt-BR')}</td>
                        <td>{v.candidates.toLocaleString('pt-BR')}</td>
                        <td>{(v.funnel.entrevista ?? 0).toLocaleString('pt-BR')}</td>
                        <td>{v.hires.toLocaleString('pt-BR')}</td>
                        <td>{v.daysToFill === null ? (v.requested > v.hires ? 'em aberto' : '—') : days(v.daysToFill)}</td>
                        <td>{days(v.daysToFirstHire)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </main>
  )
}
