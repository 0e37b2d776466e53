import type { ScreeningOutcome } from '../constants/candidate-statuses.ts'
import { GENERO_UNION } from './option-lists.ts'
import { estadoName, toUf } from './estados.ts'
import { foldText } from './text.ts'
import type { BiasGroup, BiasReport, ScreenedCandidate } from '../schemas/screening.ts'

/**
 * A run's bias report, after NYC Local Law 144's audits: per group of gender, PcD, age
 * band and state — fields the model never saw unless an operator turned them on — the selection
 * rate (the share marked triado) and the impact ratio (the rate over the highest rate of the same
 * dimension's groups). A ratio under 0.8 (the four-fifths rule) warns; groups too small to judge
 * get no ratio and never set the highest rate.
 */
export const IMPACT_RATIO_FLOOR = 0.8
/** Groups with fewer screened candidates than this are too small to judge. */
export const BIAS_MIN_GROUP = 10

export const BIAS_DIMENSIONS = [
  { key: 'genero', label: 'Gênero' },
  { key: 'pcd', label: 'PcD' },
  { key: 'faixa_etaria', label: 'Faixa etária' },
  { key: 'estado', label: 'Estado' },
] as const

export type BiasCandidate = Partial<Pick<ScreenedCandidate, 'genero' | 'is_pcd' | 'age' | 'address_state'>>

const AGE_BANDS: readonly [number, number, string][] = [
  [0, 17, 'Menos de 18'],
  [18, 24, '18 a 24'],
  [25, 34, '25 a 34'],
  [35, 44, '35 a 44'],
  [45, 54, '45 a 54'],
  [55, 65, '55 a 65'],
  [66, Infinity, 'Mais de 65'],
]

const NOT_GIVEN = 'Não informado'
const genderLabels = new Map(GENERO_UNION.map((o) => [foldText(o.value), o.label]))

/** The group a candidate falls in, per dimension: the label people read. */
export function biasGroups(c: BiasCandidate): Record<(typeof BIAS_DIMENSIONS)[number]['key'], string> {
  const gender = foldText(c.genero ?? '')
  const age = typeof c.age === 'number' && Number.isFinite(c.age) ? c.age : null
  return {
    genero: gender ? (genderLabels.get(gender) ?? String(c.genero).trim()) : NOT_GIVEN,
    pcd: c.is_pcd === true ? 'PcD' : c.is_pcd === false ? 'Não PcD' : NOT_GIVEN,
    faixa_etaria: age === null ? NOT_GIVEN : AGE_BANDS.find(([min, max]) => age >= min && age <= max)![2],
    estado: toUf(c.address_state) ? `${estadoName(c.address_state)} (${toUf(c.address_state)})` : c.address_state ? String(c.address_state).trim() : NOT_GIVEN,
  }
}

/** A selection rate as the report shows it (35%). */
export const percentText = (n: number) => `${(n * 100).toFixed(0)}%`
/** An impact ratio as the report shows it (0,70). */
export const ratioText = (n: number) => n.toFixed(2).replace('.', ',')
const percent = percentText

/** The report over a run's screened candidates (those still without a verdict are left out). */
export function biasReport(results: readonly { outcome: ScreeningOutcome | null; candidate: BiasCandidate }[]): BiasReport {
  const screened = results.filter((r) => r.outcome !== null)
  const groups: BiasGroup[] = []
  const warnings: string[] = []
  for (const dimension of BIAS_DIMENSIONS) {
    const tally = new Map<string, { total: number; selected: number }>()
    for (const r of screened) {
      const group = biasGroups(r.candidate)[dimension.key]
      const t = tally.get(group) ?? { total: 0, selected: 0 }
      t.total++
      if (r.outcome === 'triado') t.selected++
      tally.set(group, t)
    }
    const rows = [...tally].map(([group, t]) => ({ group, ...t, rate: t.selected / t.total, small: t.total < BIAS_MIN_GROUP }))
    const judged = rows.filter((r) => !r.small)
    const best = judged.reduce<(typeof rows)[number] | null>((top, r) => (top === null || r.rate > top.rate ? r : top), null)
    for (const r of rows.sort((a, b) => b.total - a.total || a.group.localeCompare(b.group, 'pt-BR'))) {
      const ratio = r.small || !best || best.rate === 0 ? null : r.rate / best.rate
      const flagged = ratio !== null && ratio < IMPACT_RATIO_FLOOR
      groups.push({ dimension: dimension.key, dimensionLabel: dimension.label, group: r.group, total: r.total, selected: r.selected, rate: r.rate, ratio, small: r.small, flagged })
      if (flagged)
        warnings.push(
          `${dimension.label} — ${r.group}: taxa de seleção de ${percent(r.rate)}, razão de impacto ${ratioText(ratio)} frente a ${best!.group} (${percent(best!.rate)}), abaixo de ${ratioText(IMPACT_RATIO_FLOOR)}.`,
        )
    }
  }
  return { screened: screened.length, minGroup: BIAS_MIN_GROUP, floor: IMPACT_RATIO_FLOOR, groups, warnings }
}

/** The report as CSV rows (header first), for the export. */
export function biasCsvRows(report: BiasReport): string[][] {
  return [
    ['Dimensão', 'Grupo', 'Candidatos', 'Triados', 'Taxa de seleção', 'Razão de impacto', 'Situação'],
    ...report.groups.map((g) => [
      g.dimensionLabel,
      g.group,
      String(g.total),
      String(g.selected),
      percent(g.rate),
      g.ratio === null ? '' : ratioText(g.ratio),
      g.small ? `grupo pequeno demais (menos de ${report.minGroup})` : g.flagged ? `abaixo de ${ratioText(report.floor)}` : 'ok',
    ]),
  ]
}
