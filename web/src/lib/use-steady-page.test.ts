import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSteadyPage } from './use-steady-page.ts'

type Row = { id: number; status: string }
const page = (...rows: [number, string][]) => ({ total: rows.length, items: rows.map(([id, status]) => ({ id, status })) })
const ids = (p: { items: Row[] } | undefined) => p?.items.map((r) => r.id)

function setup(initial: { key: string | null; data: ReturnType<typeof page> | undefined; validating: boolean }) {
  return renderHook(({ key, data, validating }) => useSteadyPage<Row, ReturnType<typeof page>>(key, data, validating), { initialProps: initial })
}

describe('useSteadyPage', () => {
  it('keeps the order first shown while the same key is revalidated, with each row’s new values', () => {
    const view = setup({ key: 'p1', data: page([1, 'a'], [2, 'b'], [3, 'c']), validating: false })
    expect(ids(view.result.current.page)).toEqual([1, 2, 3])
    // Row 2 was written; the server now lists it first.
    view.rerender({ key: 'p1', data: page([2, 'aprovado'], [1, 'a'], [3, 'c']), validating: false })
    expect(view.result.current.page!.items).toEqual([
      { id: 1, status: 'a' },
      { id: 2, status: 'aprovado' },
      { id: 3, status: 'c' },
    ])
    expect(view.result.current.reordered).toBe(true)
    act(() => view.result.current.reorder())
    expect(ids(view.result.current.page)).toEqual([2, 1, 3])
    expect(view.result.current.reordered).toBe(false)
  })

  it('keeps a row the server stopped listing here, with its last values, and holds back new rows', () => {
    const view = setup({ key: 'triado', data: page([1, 'triado'], [2, 'triado']), validating: false })
    view.rerender({ key: 'triado', data: page([1, 'aprovado'], [2, 'triado']), validating: false })
    view.rerender({ key: 'triado', data: page([2, 'triado'], [9, 'triado']), validating: false })
    expect(view.result.current.page!.items).toEqual([
      { id: 1, status: 'aprovado' },
      { id: 2, status: 'triado' },
    ])
    expect(view.result.current.page!.total).toBe(2)
    expect(view.result.current.reordered).toBe(true)
  })

  it('shows a new key in its own order, the previous page meanwhile, and settles after its first fetch', () => {
    const view = setup({ key: 'p1', data: page([1, 'a'], [2, 'b']), validating: false })
    // Page 2 asked for: nothing cached yet, the previous rows stay on screen.
    view.rerender({ key: 'p2', data: undefined, validating: true })
    expect(ids(view.result.current.page)).toEqual([1, 2])
    expect(view.result.current.reordered).toBe(false)
    // A cached answer first, then the fetch's own: both shown as the server orders them.
    view.rerender({ key: 'p2', data: page([3, 'c'], [4, 'd']), validating: true })
    expect(ids(view.result.current.page)).toEqual([3, 4])
    view.rerender({ key: 'p2', data: page([4, 'd'], [3, 'c']), validating: false })
    expect(ids(view.result.current.page)).toEqual([4, 3])
    // From here on the order holds.
    view.rerender({ key: 'p2', data: page([3, 'x'], [4, 'd']), validating: false })
    expect(ids(view.result.current.page)).toEqual([4, 3])
    expect(view.result.current.reordered).toBe(true)
  })
})
