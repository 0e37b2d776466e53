import type { CandidateIndexStore, IndexQuery } from './store.ts'

/** A page as a list asks it, with the exact counts of its selection (tests of the index). */
export async function pageWithCounts(index: CandidateIndexStore, query: IndexQuery) {
  const counts = await index.counts(query)
  return { ...(await index.page(query, counts)), counts }
}
