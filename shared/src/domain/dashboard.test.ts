import { describe, expect, it } from 'vitest'
import { filledCounts, filledCountsByVacancy, hireWindow, originCounts, originOf, statusCounts, vacancyCounts, vacancyFigures } from './dashboard.ts'
import { knownRecruiters } from './vacancy-rules.ts'

describe('vacancyCounts', () => {
  it('counts only mostrar vacancies, by state in either spelling, and open positions', () => {
    const counts = vacancyCounts([
      { estado: 'ceara', obs: 'mostrar', vagas_abertas: 5, vagas_preenchidas: 2 },
      { estado: 'CE', obs: 'mostrar', vagas_abertas: 1, vagas_preenchidas: 3 },
      { estado: 'rio_grande_do_norte', obs: 'mostrar', vagas_abertas: 2, vagas_preenchidas: 0 },
      { estado: 'RN', obs: 'nao mostrar', vagas_abertas: 9, vagas_preenchidas: 0 },
      { estado: 'pernambuco', obs: 'mostrar', vagas_abertas: 1, vagas_preenchidas: null },
      { estado: null, obs: 'mostrar', vagas_abertas: null, vagas_preenchidas: null },
    ])
    expect(counts).toEqual({
      vacanciesByState: { CE: 2, RN: 1, outros: 2 },
      openPositionsByState: { CE: 3, RN: 2, outros: 1 },
      openPositions: 6,
      visibleVacancies: 5,
    })
  })
})

describe('hireWindow', () => {
  it('covers the 12 months before the month and the month itself, across a year', () => {
    expect(hireWindow('2026-11')).toEqual({ start: '2025-11-01', end: '2026-11-30' })
    expect(hireWindow('2026-01')).toEqual({ start: '2025-01-01', end: '2026-01-31' })
    expect(hireWindow('2024-02')).toEqual({ start: '2023-02-01', end: '2024-02-29' })
  })
})

describe('filledCounts', () => {
  it('lists every known recruiter, 0 for those who hired nobody, and counts a name under its known spelling', () => {
    const counts = filledCounts(
      [
        { status: 'contratado', created_at: '2026-11-05T12:00:00Z', updated_at: null, job_posting: { estado: 'CE', recrutador: ' ana  souza' } },
        { status: 'contratado', created_at: '2026-11-06T12:00:00Z', updated_at: null, job_posting: { estado: 'CE', recrutador: 'Nova Pessoa' } },
      ],
      '2026-11',
      ['Ana Souza', 'Bruno Lima'],
    )
    expect(counts.byRecruiter).toEqual({ 'Ana Souza': 1, 'Bruno Lima': 0, 'Nova Pessoa': 1 })
  })
  const hire = (created: string, updated: string | null, estado: string, recrutador: string | null, status = 'contratado') => ({
    status,
    created_at: created,
    updated_at: updated,
    job_posting: { estado, recrutador },
  })
  it('counts hires whose last action is in the month, in Fortaleza time', () => {
    const counts = filledCounts(
      [
        hire('2026-10-01T12:00:00Z', '2026-11-05T12:00:00Z', 'ceara', 'Ana'),
        hire('2026-11-02T12:00:00Z', null, 'RN', 'Ana'),
        // 02:00 UTC on Dec 1st is still November 30th in Fortaleza.
        hire('2026-10-01T12:00:00Z', '2026-12-01T02:00:00Z', 'CE', 'Bruno'),
        // 03:00 UTC on Nov 1st is November; 02:59 would be October.
        hire('2026-11-01T03:00:00Z', null, 'CE', null),
        hire('2026-10-31T02:59:00Z', null, 'CE', 'Ana'),
        // updated_at earlier than created_at: the later (created) counts.
        hire('2026-11-10T12:00:00Z', '2026-09-01T12:00:00Z', 'para', 'Carla'),
        hire('2026-11-10T12:00:00Z', null, 'CE', 'Ana', 'aprovado'),
      ],
      '2026-11',
    )
    expect(counts).toEqual({ filled: 5, byState: { CE: 3, RN: 1, outros: 1 }, byRecruiter: { Ana: 2, Bruno: 1, 'Sem recrutador': 1, Carla: 1 } })
  })
})

describe('vacancyFigures and filledCountsByVacancy', () => {
  it('count hires per vacancy as filledCounts counts the same hires, the list worked out once', () => {
    const vacancies = [
      { id: 1, estado: 'CE', recrutador: ' ana  souza', obs: 'mostrar', vagas_abertas: 3, vagas_preenchidas: 1 },
      { id: 2, estado: 'rio grande do norte', recrutador: 'Ana Souza', obs: 'mostrar', vagas_abertas: 1, vagas_preenchidas: 0 },
      { id: 3, estado: 'PA', recrutador: null, obs: 'nao mostrar', vagas_abertas: 2, vagas_preenchidas: 0 },
      { id: 4, estado: 'CE', recrutador: 'Bruno Lima', obs: 'mostrar', vagas_abertas: 1, vagas_preenchidas: 1 },
    ]
    const figures = vacancyFigures(vacancies)
    expect(figures.counts).toEqual(vacancyCounts(vacancies))
    expect(figures.recruiters).toEqual(knownRecruiters(vacancies))
    // Two hires in vacancy 1, one in 2 and 3, one whose vacancy is no longer listed, one with none;
    // a recruiter under the first spelling the list gives.
    const perVacancy = new Map<number | null, number>([
      [1, 2],
      [2, 1],
      [3, 1],
      [99, 1],
      [null, 1],
    ])
    const hires = [...perVacancy].flatMap(([id, n]) =>
      Array.from({ length: n }, () => ({ status: 'contratado', created_at: '2026-11-05T12:00:00Z', updated_at: null, job_posting: vacancies.find((v) => v.id === id) ?? null })),
    )
    expect(filledCountsByVacancy(perVacancy, figures)).toEqual(filledCounts(hires, '2026-11', figures.recruiters))
    expect(filledCountsByVacancy(perVacancy, figures)).toEqual({
      filled: 6,
      byState: { CE: 2, RN: 1, outros: 3 },
      byRecruiter: { 'ana souza': 3, 'Bruno Lima': 0, 'Sem recrutador': 3 },
    })
  })
})

describe('origin and status counts', () => {
  it('fold origins by accents, case and spacing into the nine values plus Não informado', () => {
    expect(originOf(' Instagram ')).toBe('Instagram')
    expect(originOf('indicação')).toBe('Indicação')
    expect(originOf('INDICACAO')).toBe('Indicação')
    expect(originOf('site  de vagas')).toBe('Site de vagas')
    expect(originOf('redes sociais')).toBe('Não informado')
    expect(originOf(null)).toBe('Não informado')
    const counts = originCounts([{ veiopor: 'whatsapp' }, { veiopor: 'WhatsApp' }, { veiopor: '' }, { veiopor: 'outro' }])
    expect(Object.keys(counts)).toHaveLength(10)
    expect(counts).toMatchObject({ WhatsApp: 2, 'Não informado': 2, Instagram: 0 })
  })
  it('merge null, empty and pendente statuses', () => {
    expect(
      statusCounts([
        { status: null, total: 3 },
        { status: '', total: 2 },
        { status: 'pendente', total: 1 },
        { status: 'triado', total: 4 },
      ]),
    ).toEqual({ '': 6, triado: 4 })
  })
})
