import { useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { candidateStatusFamily, candidateStatusLabel } from '@mini-vagas/shared/domain/candidate-status'
import { formatDateTime } from '@mini-vagas/shared/domain/dates'
import { boardColumns, type BoardStage } from '@mini-vagas/shared/domain/pipeline'
import type { BoardCard } from '@mini-vagas/shared/schemas/pipeline'
import { WhatsAppChat } from './whatsapp-chat.tsx'

/** A card's height with its gap: fixed, so the virtualizer places 5,000 of them without measuring. */
const CARD_PX = 76

/**
 * The pipeline board (docs/product.md, Pipeline board): a column per stage with its count, each
 * column virtualized (only the cards in view are in the DOM, so 5,000 stay smooth). A card is
 * chosen by its checkbox; dragging a card (with the others chosen, when it is one of them) onto a
 * column asks for the status and moves them. Keyboard: Tab reaches a column's first card, the
 * arrow keys move within and across columns, Space chooses, and the bulk bar moves the chosen.
 */
export function Board({
  cards,
  selected,
  onToggle,
  onDrop,
}: {
  cards: readonly BoardCard[]
  selected: ReadonlySet<number>
  onToggle: (id: number) => void
  /** Cards dropped on a stage: the dragged one, or all chosen when it was one of them. */
  onDrop: (ids: number[], stage: BoardStage) => void
}) {
  const columns = useMemo(() => boardColumns(cards), [cards])
  const [over, setOver] = useState<string | null>(null)
  const focusers = useRef(new Map<number, (row: number) => void>())
  return (
    <div className="board" aria-label="Quadro de candidatos por etapa">
      {columns.map(({ stage, cards: inStage }, column) => (
        <BoardColumn
          key={stage.family}
          stage={stage}
          cards={inStage}
          selected={selected}
          onToggle={onToggle}
          over={over === stage.family}
          onOver={(on) => setOver(on ? stage.family : null)}
          onDropIds={(ids) => {
            setOver(null)
            onDrop(ids, stage)
          }}
          dragIds={(id) => (selected.has(id) ? [...selected] : [id])}
          register={(focus) => focusers.current.set(column, focus)}
          onAcross={(delta, row) => {
            // The nearest column with cards in that direction, at the same row or its last.
            for (let c = column + delta; c >= 0 && c < columns.length; c += delta) {
              if (columns[c]!.cards.length === 0) continue
              focusers.current.get(c)?.(Math.min(row, columns[c]!.cards.length - 1))
              return
            }
          }}
        />
      ))}
    </div>
  )
}

function BoardColumn({
  stage,
  cards,
  selected,
  onToggle,
  over,
  onOver,
  onDropIds,
  dragIds,
  register,
  onAcross,
}: {
  stage: BoardStage
  cards: readonly BoardCard[]
  selected: ReadonlySet<number>
  onToggle: (id: number) => void
  over: boolean
  onOver: (on: boolean) => void
  onDropIds: (ids: number[]) => void
  dragIds: (id: number) => number[]
  register: (focus: (row: number) => void) => void
  onAcross: (delta: 1 | -1, row: number) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  // The first frame (and jsdom, which measures nothing) assumes a column of about a screen.
  // eslint-disable-next-line react-hooks/incompatible-library -- the compiler skips this component, as it must: the virtualizer's methods read state it mutates
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_PX,
    overscan: 6,
    initialRect: { width: 240, height: 640 },
  })
  const [active, setActive] = useState(0)
  const titleId = `stage-${stage.family}`
  /** Brings row `row` into view and focuses its checkbox once it is rendered. */
  const focusRow = (row: number) => {
    setActive(row)
    const box = () => scroller.current?.querySelector<HTMLInputElement>(`[data-row="${row}"] input`)
    // A neighbour is usually rendered already (the overscan): focused at once, so the next key
    // acts on it; a far row (Home, End) is rendered by the scroll first.
    const near = box()
    if (near) near.focus()
    virtualizer.scrollToIndex(row, { align: 'auto' })
    if (near) return
    const tryFocus = (attempts: number) => {
      const found = box()
      if (found) found.focus()
      else if (attempts > 0) requestAnimationFrame(() => tryFocus(attempts - 1))
    }
    requestAnimationFrame(() => tryFocus(10))
  }
  register(focusRow)
  const onKeyDown = (event: KeyboardEvent, row: number) => {
    const to = { ArrowDown: row + 1, ArrowUp: row - 1, Home: 0, End: cards.length - 1, PageDown: row + 8, PageUp: row - 8 }[event.key]
    if (to !== undefined) {
      event.preventDefault()
      focusRow(Math.max(0, Math.min(cards.length - 1, to)))
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault()
      onAcross(event.key === 'ArrowRight' ? 1 : -1, row)
    }
  }
  const drop = {
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes('application/x-candidatos')) return
      e.preventDefault()
      e.dataTransfer.dropEffect = 'move'
      onOver(true)
    },
    onDragLeave: (e: DragEvent) => {
      if (!(e.currentTarget as Node).contains(e.relatedTarget as Node | null)) onOver(false)
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault()
      const ids = (JSON.parse(e.dataTransfer.getData('application/x-candidatos') || '[]') as number[]).filter(Number.isSafeInteger)
      if (ids.length > 0) onDropIds(ids)
      else onOver(false)
    },
  }
  return (
    <section className={`board-column board-${stage.family}${over ? ' board-over' : ''}`} aria-labelledby={titleId} {...drop}>
      <h2 id={titleId} className="board-title">
        {stage.label} <span className="board-count">{cards.length.toLocaleString('pt-BR')}</span>
      </h2>
      <div ref={scroller} className="board-scroll" role="list" aria-labelledby={titleId}>
        {cards.length === 0 ? (
          <p className="board-empty">Nenhum candidato nesta etapa.</p>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const card = cards[item.index]!
              const chosen = selected.has(card.id)
              return (
                <div
                  key={card.id}
                  role="listitem"
                  data-row={item.index}
                  className={`board-card${chosen ? ' board-card-chosen' : ''}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData('application/x-candidatos', JSON.stringify(dragIds(card.id)))
                    e.dataTransfer.effectAllowed = 'move'
                  }}
                  aria-posinset={item.index + 1}
                  aria-setsize={cards.length}
                >
                  <div className="board-card-head">
                    <label className="board-card-name">
                      <input
                        type="checkbox"
                        checked={chosen}
                        onChange={() => onToggle(card.id)}
                        tabIndex={item.index === Math.min(active, cards.length - 1) ? 0 : -1}
                        onFocus={() => setActive(item.index)}
                        onKeyDown={(e) => onKeyDown(e, item.index)}
                      />
                      <span>{card.name}</span>
                    </label>
                    {card.optedOut ? (
                      <span className="badge badge-warning" title="Pediu para não receber mensagens da agência">
                        não contatar
                      </span>
                    ) : (
                      <WhatsAppChat whatsapp={card.whatsapp} name={card.name} optedOut={false}>
                        WhatsApp
                      </WhatsAppChat>
                    )}
                  </div>
                  <span className="board-card-meta">
                    <span className={`status-badge family-${candidateStatusFamily(card.status)}`}>{candidateStatusLabel(card.status)}</span>
                    {card.city && <span>{card.city}</span>}
                    {card.at && <small>{formatDateTime(card.at)}</small>}
                  </span>
                </div>
              )
            })}
          </div>
        )}
      </div>
    </section>
  )
}
