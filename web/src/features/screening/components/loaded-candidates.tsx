import { useState } from 'react'
import { candidateStatusLabel } from '@mini-vagas/shared/domain/candidate-status'
import { formatDate } from '@mini-vagas/shared/domain/dates'
import { Pagination } from '../../../components/pagination.tsx'
import type { LoadedCandidate } from '../api/screening.ts'

const PAGE = 20

/** The candidates a load found (the run's draft), 20 a page, before screening starts. */
export function LoadedCandidates({ candidates }: { candidates: LoadedCandidate[] }) {
  const [page, setPage] = useState(1)
  const pageCount = Math.max(1, Math.ceil(candidates.length / PAGE))
  const rows = candidates.slice((page - 1) * PAGE, page * PAGE)
  return (
    <>
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">Candidatos carregados para a triagem</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Idade</th>
              <th scope="col">Cidade</th>
              <th scope="col">Escolaridade</th>
              <th scope="col">Status</th>
              <th scope="col">Inscrição</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id}>
                <td>{c.full_name}</td>
                <td>{c.age ?? '—'}</td>
                <td>{[c.address_city, c.address_neighborhood].filter(Boolean).join(' · ')}</td>
                <td>{c.education}</td>
                <td>{candidateStatusLabel(c.status)}</td>
                <td>{formatDate(c.created_at ?? null)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageCount={pageCount} onPage={setPage} label="Páginas dos candidatos carregados" />
    </>
  )
}
