import { describe, expect, it } from 'vitest'
import { teamNotesOf, timelineEntries, withoutTeamNotes, withTeamNotes, TEAM_NOTES_MARK } from './candidate-timeline.ts'
import { NOTE_MAX } from './screening-apply.ts'

const note = (i: number, text = `nota ${i}`) => ({ id: String(i), at: `2026-11-27T1${i % 10}:00:00.000Z`, by: i % 2 ? 'Ana Souza' : 'Rui Barros', text })

describe('the timeline', () => {
  it('merges notes and events newest first, with who, and reads a change’s earlier status from the change before', () => {
    const entries = timelineEntries(
      [note(3, 'Ligar amanhã')],
      [
        { at: '2026-11-27T10:00:00.000Z', actor: 'ana@x', actorName: 'Ana Souza', action: 'status_alterado', detail: { to: 'triado', via: 'manual' } },
        { at: '2026-11-27T11:00:00.000Z', actor: 'rui@x', actorName: 'Rui Barros', action: 'status_alterado', detail: { to: 'aprovado', via: 'manual' } },
        { at: '2026-11-27T12:00:00.000Z', actor: 'rui@x', actorName: '', action: 'status_alterado', detail: { to: 'triado', via: 'desfazer' } },
        { at: '2026-11-27T14:00:00.000Z', actor: 'ana@x', actorName: 'Ana Souza', action: 'nota_adicionada', detail: {} },
      ],
    )
    expect(entries.map((e) => [e.by, e.kind, e.text])).toEqual([
      ['Ana Souza', 'nota', 'Ligar amanhã'],
      ['rui@x', 'status', 'Desfez a alteração anterior: o status voltou para Triado.'],
      ['Rui Barros', 'status', 'Alterou o status de Triado para Aprovado.'],
      ['Ana Souza', 'status', 'Alterou o status para Triado.'],
    ])
  })
})

describe('the notes’ paragraph in the legacy’s observation', () => {
  it('is replaced, never repeated, and leaves the rest of the observation as it was', () => {
    const first = withTeamNotes('Observação antiga\n\nNota da triagem [triagem 0123abcd/7]', [note(1)])
    expect(first.startsWith('Observação antiga\n\nNota da triagem [triagem 0123abcd/7]\n\nNotas da equipe')).toBe(true)
    const second = withTeamNotes(first, [note(2), note(1)])
    expect(second.split(TEAM_NOTES_MARK)).toHaveLength(2)
    expect(teamNotesOf(second)).toContain('Rui Barros: nota 2')
    expect(withoutTeamNotes(second)).toBe('Observação antiga\n\nNota da triagem [triagem 0123abcd/7]')
  })
  it('fits the legacy’s limit with the newest notes, and says how many more the product holds', () => {
    const many = Array.from({ length: 60 }, (_, i) => note(i, 'x'.repeat(280)))
    const text = withTeamNotes('y'.repeat(1000), many)
    expect(text.length).toBeLessThanOrEqual(NOTE_MAX)
    expect(teamNotesOf(text)).toMatch(/… e mais \d+ nota\(s\) no Mini Vagas\./)
  })
  it('folds a note’s blank lines so the paragraph stays one', () => {
    expect(withoutTeamNotes(withTeamNotes('', [note(1, 'linha 1\n\n\nlinha 2')]))).toBe('')
  })
})
