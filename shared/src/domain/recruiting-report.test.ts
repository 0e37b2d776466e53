import { describe, expect, it } from 'vitest'
import { fillTimes, funnel, funnelStep, median, recruitingReport, stageTimes, type ReportFacts, type StatusChange } from './recruiting-report.ts'

const DAY = 86_400_000
const T0 = Date.parse('2026-03-02T12:00:00Z')
const change = (candidateId: number, from: string, to: string, day: number, vacancyId = 1): StatusChange => ({ candidateId, vacancyId, from, to, at: T0 + day * DAY })

describe('the recruiting report', () => {
  it('places each status on the funnel; one that ends a process says nothing of how far it got', () => {
    expect([null, '', 'pendente', 'triado', 'Revisao', 'entrevista_online', 'segunda_fase', 'aprovado', 'contratado', 'reprovado', 'desistente'].map(funnelStep)).toEqual([
      0, 0, 0, 1, 1, 2, 2, 3, 4, 0, 0,
    ])
  })

  it('counts the funnel from current statuses, and further for those whose history went further', () => {
    const counts = [
      { status: '', n: 10 },
      { status: 'triado', n: 5 },
      { status: 'entrevista_online', n: 3 },
      { status: 'contratado', n: 2 },
      { status: 'reprovado', n: 4 },
    ]
    // Person 7 was interviewed and then rejected; person 8 rejected at screening; person 9 hired (already counted by status).
    const changes = [
      change(7, '', 'triado', 1),
      change(7, 'triado', 'entrevista_presencial', 3),
      change(7, 'entrevista_presencial', 'reprovado', 4),
      change(8, 'triado', 'reprovado', 2),
      change(9, 'aprovado', 'contratado', 9),
    ]
    const current = new Map([
      [7, 'reprovado'],
      [8, 'reprovado'],
      [9, 'contratado'],
    ])
    expect(funnel(counts, changes, current)).toEqual({ inscritos: 24, triagem: 12, entrevista: 6, aprovado: 2, contratado: 2 })
  })

  it('fills a vacancy when its last requested position is hired, and counts the days from its opening', () => {
    const vacancy = { openedAt: T0, requested: 2 }
    expect(fillTimes(vacancy, [T0 + 30 * DAY, T0 + 10 * DAY, T0 + 45 * DAY])).toEqual({ daysToFill: 30, daysToFirstHire: 10 })
    expect(fillTimes(vacancy, [T0 + 10 * DAY])).toEqual({ daysToFill: null, daysToFirstHire: 10 })
    expect(fillTimes({ openedAt: T0, requested: 0 }, [T0 + DAY])).toEqual({ daysToFill: null, daysToFirstHire: 1 })
    expect(fillTimes(vacancy, [])).toEqual({ daysToFill: null, daysToFirstHire: null })
  })

  it('measures each stay in a stage from the change into it (or the application) to the change out of it, never one that began before the history', () => {
    const changes = [
      change(1, '', 'triado', 2),
      change(1, 'triado', 'entrevista_online', 5),
      change(1, 'entrevista_online', 'aprovado', 9.5),
      change(1, 'aprovado', 'contratado', 10),
      change(2, 'triado', 'sem_retorno', 3),
    ]
    const times = stageTimes(changes, new Map([[1, T0]]))
    expect(times).toEqual({ novo: [2], triagem: [3], contato: [], entrevista: [4.5], aprovado: [0.5] })
  })

  it('adds up vacancies per company and recruiter, sources with their hire rate, and says since when stages are measured', () => {
    const vacancy = (id: number, company: string, recruiter: string, requested: number) => ({
      id,
      description: `Vaga ${id}`,
      company,
      cnpj: company === 'Bom Preço' ? '45723618000118' : '07654012000189',
      city: 'Fortaleza',
      recruiter,
      status: 'aberta',
      openedAt: T0,
      requested,
    })
    const facts: ReportFacts = {
      vacancies: [vacancy(1, 'Bom Preço', 'Ana Lima', 1), vacancy(2, 'Bom Preço', ' ana  lima', 2), vacancy(3, 'Vida Nova', 'Bruno', 1)],
      statusCounts: [
        { vacancyId: 1, status: 'contratado', n: 1 },
        { vacancyId: 1, status: '', n: 9 },
        { vacancyId: 2, status: 'contratado', n: 1 },
        { vacancyId: 3, status: 'triado', n: 4 },
      ],
      origins: [
        { vacancyId: 1, origin: 'Instagram', n: 6, hired: 1 },
        { vacancyId: 1, origin: 'Indicação', n: 4, hired: 0 },
        { vacancyId: 2, origin: 'Indicação', n: 1, hired: 1 },
        { vacancyId: 3, origin: 'Instagram', n: 4, hired: 0 },
      ],
      hires: [
        { vacancyId: 1, at: T0 + 12 * DAY },
        { vacancyId: 2, at: T0 + 20 * DAY },
      ],
      changes: [],
      current: new Map(),
      appliedAt: new Map(),
      historyFrom: T0,
    }
    const report = recruitingReport(facts)
    expect(report.historyFrom).toBe(new Date(T0).toISOString())
    expect(report.totals).toEqual({ vacancies: 3, candidates: 15, hires: 2, filledVacancies: 1, medianDaysToFill: 12, medianDaysToFirstHire: 16 })
    expect(report.companies.map((c) => [c.name, c.vacancies, c.hires, c.medianDaysToFill])).toEqual([
      ['Bom Preço', 2, 2, 12],
      ['Vida Nova', 1, 0, null],
    ])
    // One recruiter however the name was typed.
    expect(report.recruiters.map((r) => [r.name, r.vacancies, r.hires])).toEqual([
      ['Ana Lima', 2, 2],
      ['Bruno', 1, 0],
    ])
    // Most hires first; on a tie, the larger source.
    expect(report.sources).toEqual([
      { origin: 'Instagram', candidates: 10, hires: 1, rate: 10 },
      { origin: 'Indicação', candidates: 5, hires: 1, rate: 20 },
    ])
    expect(report.funnel.map((s) => s.count)).toEqual([15, 6, 2, 2, 2])
    expect(report.vacancies[1]).toMatchObject({ id: 2, hires: 1, daysToFill: null, daysToFirstHire: 20 })
  })

  it('takes the middle value', () => {
    expect(median([])).toBeNull()
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})
