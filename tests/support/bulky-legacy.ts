import { createHash } from 'node:crypto'
import { createServer } from 'node:http'

/**
 * A legacy whose report is heavy: GET /api/excel_relatorio answers ROWS_PER_WINDOW rows
 * for any range, each with a few KB of text that does not compress away, at once. In front of it
 * the BFF's xlsx writer is what is measured and what a paused reader must hold back; it counts
 * the report reads it served (GET /__reads) so a test can see whether the BFF kept reading.
 * It speaks just enough of the legacy's contract for a BFF login.
 */
const rowsPerWindow = Number(process.env.ROWS_PER_WINDOW ?? 200)
const login = JSON.stringify({ data: { token: '1|bulky-token', user: { name: 'Admin', email: 'admin@example.com', role: 'admin', cnpj: '11222333000181' } } })

/** Text that deflate cannot shrink much: base64 of a hash chain, as varied as real free text. */
function noise(seed: string, chars: number): string {
  let out = ''
  let h = seed
  while (out.length < chars) out += h = createHash('sha256').update(h).digest('base64')
  return out.slice(0, chars)
}

let reads = 0
const server = createServer((request, response) => {
  request.resume()
  const url = new URL(request.url ?? '/', 'http://x')
  let body: string
  if (request.method === 'POST' && url.pathname === '/api/auth/login') body = login
  else if (url.pathname === '/__reads') body = JSON.stringify({ reads })
  else if (url.pathname === '/api/excel_relatorio') {
    reads += 1
    const start = url.searchParams.get('start_date') ?? '2026-01-01'
    body = JSON.stringify({
      data: Array.from({ length: rowsPerWindow }, (_, i) => ({
        full_name: `Candidata ${start} ${i}`,
        age: 20 + (i % 40),
        whatsapp: '85999990000',
        email: `c${i}@example.com`,
        address_city: 'Fortaleza',
        address_state: 'CE',
        experience_2: noise(`${start}-${i}`, 3_000),
        created_at: `${start}T12:00:00.000Z`,
        is_pcd: i % 2 === 0,
      })),
    })
  } else body = JSON.stringify({ data: [] })
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  response.end(body)
})
server.keepAliveTimeout = 65_000
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bulky legacy listening on 127.0.0.1:${process.env.PORT}`))
