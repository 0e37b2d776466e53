import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ExportControl } from './export-control.tsx'

const rows = [{ nome: 'Ana', idade: 30 }]
let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  vi.useFakeTimers()
  fetchMock = vi.fn(async () => new Response(new Blob(['x']), { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  URL.createObjectURL = vi.fn(() => 'blob:x')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('ExportControl', () => {
  it('labels itself with the file name and uses the defaults', async () => {
    render(<ExportControl data={rows} />)
    const button = screen.getByRole('button', { name: 'Download data.xls' })
    fireEvent.click(button)
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)))
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))
    expect(body).toMatchObject({ fileName: 'data.xls', worksheetName: 'Sheet1', type: 'xls', escapeCsv: true, rtl: false, defaultValue: '' })
  })
  it('is disabled and half-transparent while generating, and starts after the debounce', async () => {
    const onFinish = vi.fn()
    render(<ExportControl data={rows} debounceMs={500} onFinish={onFinish} />)
    const button = screen.getByRole('button', { name: 'Download data.xls' }) as HTMLButtonElement
    fireEvent.click(button)
    expect(button.disabled).toBe(true)
    expect(button.style.opacity).toBe('0.5')
    expect(button.style.pointerEvents).toBe('none')
    await act(async () => void (await vi.advanceTimersByTimeAsync(499)))
    expect(fetchMock).not.toHaveBeenCalled()
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)))
    expect(onFinish).toHaveBeenCalledTimes(1)
    expect(button.disabled).toBe(false)
  })
  it('exports nothing for no rows, but still runs the finish callback', async () => {
    const onFinish = vi.fn()
    render(<ExportControl fetchData={async () => []} onFinish={onFinish} />)
    fireEvent.click(screen.getByRole('button'))
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(onFinish).toHaveBeenCalledTimes(1)
  })
  it('checks the sheet name before asking the server', async () => {
    render(<ExportControl data={rows} worksheetName="History" type="xlsx" fileName="x.xlsx" />)
    fireEvent.click(screen.getByRole('button', { name: 'Download x.xlsx' }))
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toMatch(/History/)
  })
  it('refuses a table over the render limit before uploading it, with the BFF’s own text', async () => {
    const big = Array.from({ length: 9_000 }, (_, i) => ({ nome: `Candidata ${i}`, nota: 'x'.repeat(1_000) }))
    render(<ExportControl data={big} type="xlsx" fileName="x.xlsx" />)
    fireEvent.click(screen.getByRole('button', { name: 'Download x.xlsx' }))
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toMatch(/passa de 8 MB/)
  })
  it('hands the file over in blob mode instead of downloading it', async () => {
    const onBlob = vi.fn()
    render(<ExportControl data={rows} asBlob onBlob={onBlob} type="csv" fileName="a.csv" />)
    fireEvent.click(screen.getByRole('button'))
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)))
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)))
    expect(onBlob).toHaveBeenCalledWith(expect.any(Blob))
    expect(URL.createObjectURL).not.toHaveBeenCalled()
  })
  it('shows the server’s message when generation fails', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'O arquivo aceita no máximo 256 colunas.' }), { status: 422 }))
    render(<ExportControl data={rows} />)
    fireEvent.click(screen.getByRole('button'))
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)))
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)))
    expect(screen.getByRole('alert').textContent).toContain('256 colunas')
  })
})
