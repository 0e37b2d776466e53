import { describe, expect, it } from 'vitest'
import {
  NOTE_MAX,
  applyMarker,
  applyMessage,
  applySteps,
  hideApplyMarkers,
  keepHiddenParts,
  markedCandidates,
  mergedObservation,
  screeningNote,
  screeningNotesOf,
  withoutScreeningNotes,
} from './screening-apply.ts'

describe('apply steps', () => {
  const targets = [
    { candidateId: 1, outcome: 'triado' as const, jobPostingId: 7 },
    { candidateId: 2, outcome: 'revisao' as const, jobPostingId: 9 },
    { candidateId: 3, outcome: 'nao_triado' as const, jobPostingId: 9 },
    { candidateId: 4, outcome: 'triado' as const, jobPostingId: 9 },
    { candidateId: 5, outcome: null, jobPostingId: 9 },
  ]
  it('company mode: status and note for triados and revisões only', () => {
    expect(applySteps('empresa', 7, targets)).toEqual([
      { candidateId: 1, kind: 'status' },
      { candidateId: 2, kind: 'status' },
      { candidateId: 4, kind: 'status' },
    ])
  })
  it('global mode: triados from other vacancies are also sent to the screened one', () => {
    expect(applySteps('global', 7, targets)).toEqual([
      { candidateId: 1, kind: 'status' },
      { candidateId: 2, kind: 'status' },
      { candidateId: 4, kind: 'status' },
      { candidateId: 4, kind: 'forward' },
    ])
  })
})

describe('screening note', () => {
  const note = screeningNote({
    runId: 'a1b2c3d4-0000',
    candidateId: 42,
    outcome: 'revisao',
    explanation: 'Vaga pede CNH. ',
    vacancy: { id: 7, description: 'Motorista' },
    provider: 'rules',
    date: '22/11/2026',
  })
  it('names the verdict, the vacancy and carries the marker', () => {
    expect(note).toBe('Triagem por regras em 22/11/2026 — vaga #7 (Motorista): REVISÃO. Vaga pede CNH. [triagem a1b2c3d4/42]')
  })
  it('says the criteria in short when the verdict has evidence', () => {
    const evidence = [
      { key: 'idade', label: 'Idade de 18 a 65 anos', hard: true, status: 'atende' as const, field: 'Idade', value: '30 anos', by: 'regras' as const },
      { key: 'criterio_1', label: 'CNH categoria B', hard: false, status: 'desconhecido' as const, field: '—', value: '', by: 'regras' as const },
    ]
    expect(
      screeningNote({
        runId: 'a1b2c3d4-0000',
        candidateId: 42,
        outcome: 'revisao',
        explanation: 'Vaga pede CNH.',
        vacancy: { id: 7 },
        provider: 'openai',
        date: '22/11/2026',
        evidence,
      }),
    ).toBe('Triagem IA em 22/11/2026 — vaga #7: REVISÃO. Vaga pede CNH. Critérios: Idade de 18 a 65 anos — atende; CNH categoria B — a conferir. [triagem a1b2c3d4/42]')
  })
  it('is added after what the record holds, once', () => {
    const marker = applyMarker('a1b2c3d4-0000', 42)
    expect(mergedObservation(null, note, marker)).toBe(note)
    const once = mergedObservation('Ligar de manhã.  ', note, marker)
    expect(once).toBe(`Ligar de manhã.\n\n${note}`)
    expect(mergedObservation(once, note, marker)).toBe(once)
  })
  it('never cuts the stored text to fit the legacy’s limit: the note’s justification gives way', () => {
    const marker = applyMarker('a1b2c3d4-0000', 42)
    const stored = 'x'.repeat(NOTE_MAX - 60)
    const merged = mergedObservation(stored, note, marker)
    expect(merged.length).toBeLessThanOrEqual(NOTE_MAX)
    expect(merged.startsWith(stored)).toBe(true)
    expect(merged.endsWith(marker)).toBe(true)
    expect(mergedObservation('y'.repeat(NOTE_MAX), note, marker)).toBe('y'.repeat(NOTE_MAX))
  })
})

describe('apply marker, written and read back', () => {
  const runId = 'a1b2c3d4-e5f6-7890-abcd-ef0123456789'
  it('reads back every marker it writes, in a note, after stored text, and when the note was shortened', () => {
    for (const id of [1, 42, 4738, 2_000_000]) {
      const marker = applyMarker(runId, id)
      expect(markedCandidates(marker, runId)).toEqual([id])
      const note = screeningNote({ runId, candidateId: id, outcome: 'triado', explanation: 'Perfil compatível.', vacancy: { id: 7 }, provider: 'rules', date: '22/11/2026' })
      expect(markedCandidates(mergedObservation('Ligar de manhã.', note, marker), runId)).toEqual([id])
      expect(markedCandidates(mergedObservation('x'.repeat(NOTE_MAX - 60), note, marker), runId)).toEqual([id])
    }
  })
  it('ignores other runs’ markers, look-alikes and non-text', () => {
    const text = `${applyMarker('ffffffff-0000', 5)} [triagem a1b2c3d4/] [triagem a1b2c3d4/x1] ${applyMarker(runId, 9)}`
    expect(markedCandidates(text, runId)).toEqual([9])
    expect(markedCandidates(null, runId)).toEqual([])
    expect(markedCandidates(12, runId)).toEqual([])
  })
})

describe('screening notes: staff read them without markers, companies never', () => {
  const runId = 'a1b2c3d4-e5f6-7890-abcd-ef0123456789'
  const note = screeningNote({
    runId,
    candidateId: 42,
    outcome: 'triado',
    explanation: 'Mora a 3 km.',
    vacancy: { id: 7, description: 'Caixa' },
    provider: 'rules',
    date: '22/11/2026',
  })
  const stored = mergedObservation('Ligar de manhã.', note, applyMarker(runId, 42))
  const shown = 'Ligar de manhã.\n\nTriagem por regras em 22/11/2026 — vaga #7 (Caixa): TRIADO. Mora a 3 km.'

  it('shows staff the note without its marker, and a company only its own text', () => {
    expect(hideApplyMarkers(stored)).toBe(shown)
    expect(withoutScreeningNotes(stored)).toBe('Ligar de manhã.')
    expect(withoutScreeningNotes(note)).toBe('')
    expect(screeningNotesOf(stored)).toEqual([note])
    expect([hideApplyMarkers(null), withoutScreeningNotes(null)]).toEqual([null, null])
    expect(withoutScreeningNotes('Sem anotações da triagem.\n\nSegunda linha.')).toBe('Sem anotações da triagem.\n\nSegunda linha.')
  })
  it('a company’s save keeps the agency’s notes after its own text', () => {
    expect(keepHiddenParts('Começa segunda.', stored, 'notes')).toBe(`Começa segunda.\n\n${note}`)
    expect(keepHiddenParts('', stored, 'notes')).toBe(note)
    expect(keepHiddenParts('Começa segunda.', null, 'notes')).toBe('Começa segunda.')
  })
  it('a staff save gives an untouched note its marker back, so a restarted apply still finds it', () => {
    const saved = keepHiddenParts(`${shown}\n\nRetornou a ligação.`, stored, 'markers')
    expect(saved).toBe(`${stored}\n\nRetornou a ligação.`)
    expect(markedCandidates(saved, runId)).toEqual([42])
    // A note the recruiter rewrote or deleted is theirs: nothing is put back.
    expect(keepHiddenParts('Ligar de manhã.', stored, 'markers')).toBe('Ligar de manhã.')
    expect(keepHiddenParts(stored, stored, 'markers')).toBe(stored)
  })
})

describe('apply message', () => {
  it('says what was written, and what was not', () => {
    expect(applyMessage({ updated: 12, sent: 0, failedUpdates: 0, failedSends: 0 })).toBe('Resultados aplicados com sucesso! 12 candidatos atualizados.')
    expect(applyMessage({ updated: 10, sent: 3, failedUpdates: 2, failedSends: 1 })).toBe(
      'Resultados aplicados com sucesso! 10 candidatos atualizados. 2 candidatos não puderam ser atualizados. 3 candidatos triados enviados para a vaga selecionada. 1 candidatos não puderam ser enviados.',
    )
    expect(applyMessage({ updated: 0, sent: 0, failedUpdates: 4, failedSends: 0 })).toBe('Erro ao aplicar resultados')
    expect(applyMessage({ updated: 5, sent: 0, failedUpdates: 0, failedSends: 2 })).toBe(
      'Resultados aplicados com sucesso! 5 candidatos atualizados. Erro ao enviar candidatos triados para a vaga selecionada. 2 candidatos não puderam ser enviados.',
    )
  })
})
