import { useState } from 'react'
import { Link } from 'react-router'
import { CANDIDATE_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import { candidateStatusFamily, candidateStatusLabel } from '@mini-vagas/shared/domain/candidate-status'
import { formatDateTime, monthName, previousMonth, todayDate } from '@mini-vagas/shared/domain/dates'
import { HIRE_WINDOW_MONTHS } from '@mini-vagas/shared/domain/dashboard'
import { BarChart } from '../../../components/bar-chart.tsx'
import { StatCard } from '../../../components/stat-card.tsx'
import { ExportControl } from '../../../components/export-control.tsx'
import { StatusMessage } from '../../../components/status-message.tsx'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useDashboard } from '../api/get-dashboard.ts'

const STATE_LABELS: Record<string, string> = { CE: 'Ceará', RN: 'Rio Grande do Norte', outros: 'Outros estados' }
const entries = (counts: Record<string, number>, label: (k: string) => string = (k) => k) => Object.entries(counts).map(([k, value]) => ({ label: label(k), value }))

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((n, v) => n + v, 0)

/** docs/product.md, Dashboard: the dashboard, computed by the BFF in one answer. */
export function Component() {
  useDocumentTitle('Painel de Controle')
  const [month, setMonth] = useState(() => todayDate().slice(0, 7))
  const { data, error, isLoading, mutate } = useDashboard(month)
  const d = data?.month === month ? data : undefined
  // The month's figures against the month before (its answer is cached by the BFF too).
  const before = previousMonth(month)
  const { data: previousData } = useDashboard(before)
  const p = previousData?.month === before ? previousData : undefined
  const beforeLabel = monthName(before)
  const thisMonth = monthName(month)
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Painel de Controle</h1>
        <p className="subtitle">
          {d
            ? `Atualizado em ${formatDateTime(d.generatedAt)}${d.stale ? ' (atualizando…)' : ''}${d.indexedAt ? ` · alterações feitas fora do Mini Vagas: até ${formatDateTime(d.indexedAt)}` : ''}`
            : 'Contagens das vagas visíveis e dos candidatos'}
        </p>
      </header>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="dashboard-month">Mês</label>
          <input id="dashboard-month" type="month" value={month} max={todayDate().slice(0, 7)} onChange={(e) => e.target.value && setMonth(e.target.value)} />
        </div>
        <Link className="button button-primary" to="/nova_vaga">
          Criar processo seletivo
        </Link>
        <Link className="button" to="/administracao_de_vagas">
          Administração de vagas
        </Link>
        <Link className="button" to="/vagas">
          Vagas
        </Link>
        <Link className="button" to="/todos-candidatos">
          Todos os candidatos
        </Link>
        <Link className="button" to="/triagem-ai">
          Triagem com IA
        </Link>
      </div>
      {error && !d && (
        <StatusMessage
          kind="error"
          title="Falha ao carregar as informações do painel."
          action={
            <button type="button" className="button" onClick={() => void mutate()}>
              Tentar novamente
            </button>
          }
        >
          {error.message}
        </StatusMessage>
      )}
      {(isLoading || d) && (
        <>
          <section className="stat-grid" aria-label="Resumo" aria-busy={!d}>
            <StatCard title="Vagas visíveis no Ceará" value={d?.vacancies.vacanciesByState.CE} />
            <StatCard title="Vagas visíveis no Rio Grande do Norte" value={d?.vacancies.vacanciesByState.RN} />
            <StatCard title="Posições em aberto" value={d?.vacancies.openPositions} hint="Solicitadas menos preenchidas" />
            <StatCard
              title="Contratações no mês"
              value={d?.filled.filled}
              hint={`Quem passou a Contratado neste mês, inscrito até ${HIRE_WINDOW_MONTHS} meses antes (o gráfico por status conta só os inscritos do mês)`}
              change={{ before: p?.filled.filled, label: beforeLabel }}
            />
            <StatCard
              title="Inscritos no mês"
              value={d ? sum(d.statuses) : undefined}
              hint="Candidaturas recebidas no mês"
              change={{ before: p ? sum(p.statuses) : undefined, label: beforeLabel }}
            />
          </section>
          {d && (
            <div className="chart-grid">
              <BarChart title="Vagas visíveis por estado" tone="blue" data={entries(d.vacancies.vacanciesByState, (k) => STATE_LABELS[k] ?? k)} empty="Nenhuma vaga visível." />
              <BarChart
                title="Posições em aberto por estado"
                tone="teal"
                data={entries(d.vacancies.openPositionsByState, (k) => STATE_LABELS[k] ?? k)}
                empty="Nenhuma posição em aberto."
              />
              <BarChart
                title="Contratações no mês por estado"
                tone="green"
                data={entries(d.filled.byState, (k) => STATE_LABELS[k] ?? k)}
                empty={`Nenhuma contratação em ${thisMonth}.`}
                comparison={{ total: d.filled.filled, previous: p?.filled.filled, previousLabel: beforeLabel }}
              />
              <BarChart
                title="Contratações no mês por recrutador"
                tone="violet"
                data={entries(d.filled.byRecruiter).sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'pt-BR'))}
                empty={`Nenhuma contratação em ${thisMonth}.`}
              />
              <BarChart
                title="Candidatos inscritos no mês por status"
                note={`Cada inscrito do mês no status que tem hoje. "Contratações no mês" conta outra coisa: quem passou a Contratado neste mês, inscrito até ${HIRE_WINDOW_MONTHS} meses antes — por isso os dois números diferem.`}
                data={CANDIDATE_STATUSES.filter((s) => (d.statuses[s] ?? 0) > 0).map((s) => ({
                  label: candidateStatusLabel(s),
                  value: d.statuses[s] ?? 0,
                  tone: `bar-${candidateStatusFamily(s)}`,
                }))}
                empty={`Nenhum candidato inscrito em ${thisMonth}.`}
                comparison={{ total: sum(d.statuses), previous: p ? sum(p.statuses) : undefined, previousLabel: beforeLabel }}
              />
              <BarChart
                title="Como os inscritos no mês souberam da vaga"
                tone="amber"
                data={entries(d.origins).sort((a, b) => b.value - a.value)}
                empty={`Nenhum candidato inscrito em ${thisMonth}.`}
              />
            </div>
          )}
          {d && (
            <section className="card" aria-labelledby="export-title" style={{ marginTop: '1rem' }}>
              <h2 id="export-title">Exportar</h2>
              <div className="actions">
                <ExportControl
                  type="xlsx"
                  fileName={`painel-${d.month}.xlsx`}
                  worksheetName={`Painel ${d.month}`}
                  header={[`Painel de Controle · ${d.month}`]}
                  fields={{ grupo: 'Grupo', item: 'Item', quantidade: 'Quantidade' }}
                  data={[
                    ...entries(d.vacancies.vacanciesByState, (k) => STATE_LABELS[k] ?? k).map((e) => ({ grupo: 'Vagas visíveis', item: e.label, quantidade: e.value })),
                    ...entries(d.vacancies.openPositionsByState, (k) => STATE_LABELS[k] ?? k).map((e) => ({ grupo: 'Posições em aberto', item: e.label, quantidade: e.value })),
                    ...entries(d.filled.byRecruiter).map((e) => ({ grupo: 'Contratações por recrutador', item: e.label, quantidade: e.value })),
                    ...CANDIDATE_STATUSES.filter((s) => (d.statuses[s] ?? 0) > 0).map((s) => ({
                      grupo: 'Inscritos por status',
                      item: candidateStatusLabel(s),
                      quantidade: d.statuses[s] ?? 0,
                    })),
                    ...entries(d.origins).map((e) => ({ grupo: 'Como souberam da vaga', item: e.label, quantidade: e.value })),
                  ]}
                />
                <Link className="button" to="/excel">
                  Exportar planilha
                </Link>
              </div>
            </section>
          )}
        </>
      )}
    </main>
  )
}
