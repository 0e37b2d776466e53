import type { ScreeningOutcome } from '../constants/candidate-statuses.ts'
import { foldText } from './text.ts'
import type { ScreenedCandidate } from '../schemas/screening.ts'

/**
 * The AI side of screening that needs no I/O: what of a candidate goes to the model
 * (docs/screening.md), and reading the model's answer in the agency's line format
 * (docs/product.md, Screening result) safely: an answer that fails validation becomes 'revisao',
 * never 'triado'.
 */
export const MISSING_ANSWER = 'Não foi possível analisar este candidato - resposta da IA não encontrada'
export const INVALID_ANSWER = 'Resposta da IA fora do formato esperado; um recrutador deve revisar.'

/** Zero-width and format characters, variation selectors and tag characters, which can hide text. */
const isInvisible = (cp: number) => (cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0000 && cp <= 0xe007f)

export function stripInvisible(text: string): string {
  let out = ''
  for (const ch of text) if (!isInvisible(ch.codePointAt(0)!)) out += ch
  return out
}

export type ScreeningSource = Pick<ScreenedCandidate, 'id'> &
  Partial<
    Pick<
      ScreenedCandidate,
      'age' | 'genero' | 'is_pcd' | 'address_city' | 'address_neighborhood' | 'address_state' | 'education' | 'curso' | 'experience_1' | 'experience_2' | 'experience_3'
    >
  >

/**
 * The data sent for one candidate: a number instead of the name, only the fields the criteria use,
 * invisible characters removed, each value cut to a sane length. Gender and disability status are
 * sent only when an operator turns them on.
 */
export function screeningInput(candidate: ScreeningSource, index: number, options: { includeSensitive?: boolean } = {}) {
  const clean = (v: unknown, max = 300) => (v === null || v === undefined ? '' : stripInvisible(String(v)).replace(/\s+/g, ' ').trim().slice(0, max))
  return {
    ref: `CANDIDATO ${index}`,
    idade: typeof candidate.age === 'number' ? candidate.age : null,
    cidade: clean(candidate.address_city, 80),
    bairro: clean(candidate.address_neighborhood, 80),
    estado: clean(candidate.address_state, 40),
    escolaridade: clean(candidate.education, 80),
    curso: clean(candidate.curso, 120),
    experiencias: [candidate.experience_1, candidate.experience_2, candidate.experience_3].map((e) => clean(e)).filter(Boolean),
    ...(options.includeSensitive ? { genero: clean(candidate.genero, 40), pcd: candidate.is_pcd === true } : {}),
  }
}

/** What the model reads of a candidate, by field, as the screens name it. */
const SENT_FIELD_LABELS: Record<string, string> = {
  idade: 'Idade',
  cidade: 'Cidade',
  bairro: 'Bairro',
  estado: 'Estado',
  escolaridade: 'Escolaridade',
  curso: 'Curso',
  experiencias: 'Experiências',
  genero: 'Gênero',
  pcd: 'PcD',
}

/** The candidate fields a model receives (the screen says which), read from screeningInput itself. */
export function sentFieldLabels(options: { includeSensitive?: boolean } = {}): string[] {
  return sentFieldKeys(options).map((key) => SENT_FIELD_LABELS[key] ?? key)
}

/** The field names a model may cite as evidence (the keys it receives). */
export function sentFieldKeys(options: { includeSensitive?: boolean } = {}): string[] {
  return Object.keys(screeningInput({ id: 0 }, 1, options)).filter((key) => key !== 'ref')
}

export interface ParsedAnswer {
  outcome: ScreeningOutcome
  explanation: string
}

const LINE = /^\s*\**\s*candidato\s+(\d+)\s*\**\s*[:\-–]\s*(.*)$/i

/**
 * Reads 'CANDIDATO X: TRIADO/REVISÃO/NÃO TRIADO - justificativa' lines for candidates 1..count.
 * The agency's rules: 'não triado' → nao_triado, 'revisão' → revisao, otherwise triado; a missing
 * line → nao_triado with the agency's explanation. Hardened: a line naming none of the three, or two
 * different lines for the same candidate, is 'revisao' (a person looks), never 'triado'.
 */
export function parseScreeningLines(text: string, count: number): Map<number, ParsedAnswer> {
  const seen = new Map<number, ParsedAnswer[]>()
  for (const raw of stripInvisible(text).split(/\r?\n/)) {
    const match = LINE.exec(raw)
    if (!match) continue
    const n = Number(match[1])
    if (n < 1 || n > count) continue
    const rest = match[2]!.trim()
    const folded = foldText(rest)
    const [, verdict = '', justification = ''] = /^(.*?)(?:\s+[-–—]\s+(.*))?$/.exec(rest) ?? []
    const head = foldText(verdict)
    const outcome: ScreeningOutcome | null = /nao\s+triado/.test(head)
      ? 'nao_triado'
      : /revisao/.test(head)
        ? 'revisao'
        : /\btriado\b/.test(head)
          ? 'triado'
          : /nao\s+triado/.test(folded)
            ? 'nao_triado'
            : /revisao/.test(folded)
              ? 'revisao'
              : null
    const answer: ParsedAnswer = outcome ? { outcome, explanation: (justification || rest).slice(0, 1000) } : { outcome: 'revisao', explanation: INVALID_ANSWER }
    seen.set(n, [...(seen.get(n) ?? []), answer])
  }
  const out = new Map<number, ParsedAnswer>()
  for (let n = 1; n <= count; n++) {
    const answers = seen.get(n)
    if (!answers) out.set(n, { outcome: 'nao_triado', explanation: MISSING_ANSWER })
    else if (new Set(answers.map((a) => a.outcome)).size > 1)
      out.set(n, { outcome: 'revisao', explanation: 'A IA deu respostas diferentes para este candidato; um recrutador deve revisar.' })
    else out.set(n, answers[0]!)
  }
  return out
}

/**
 * One criterion's evidence as a line people read: the criterion, then the field that decided it
 * and its value — or only the value when no field of the candidate's data was found for it.
 */
export function evidenceLine(e: { label: string; hard: boolean; field: string; value: string }): string {
  const criterion = `${e.label || 'Critério'}${e.hard ? ' (regra fixa)' : ''}`
  const field = e.field.trim() && e.field.trim() !== '—' ? `${e.field.trim()}: ` : ''
  return `${criterion} — ${field}${e.value || 'não informado'}`
}
