import { Type, type Static } from 'typebox'
import { BlockText, LineText } from './text.ts'
import { CANDIDATE_ORDERS, type CandidateOrder as Order } from '../constants/candidate-orders.ts'
import { Candidate } from './candidate.ts'
import { DateQuery } from './common.ts'
import { ListedVacancy } from './vacancy.ts'

/**
 * The staff's candidate routes (the BFF's `candidates` feature): the lists, one candidate, and the
 * writes the SPA makes in domain terms (status, note, edit, forward). Every write answers with the
 * changed row as the writer may see it, so a list updates that row without reading anything again.
 */

/** A candidate as the BFF lists it: the legacy may leave out any field but its id. */
export const ListedCandidate = Type.Object({ ...Type.Partial(Candidate).properties, id: Candidate.properties.id })
export type ListedCandidate = Static<typeof ListedCandidate>

/** One of the orders (its static type the orders' union: a union built from a list would read as never). */
export const CandidateOrder = Type.Unsafe<Order>(Type.Union(CANDIDATE_ORDERS.map((o) => Type.Literal(o))))

/** Query strings stay strings (no coercion anywhere): the service reads the number. */
const ListFilters = {
  page: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,5}$' })),
  status: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z_]*$' })),
  q: Type.Optional(Type.String({ maxLength: 120 })),
  order: Type.Optional(CandidateOrder),
}
export const VacancyCandidatesQuery = Type.Object(ListFilters)
export type VacancyCandidatesQuery = Static<typeof VacancyCandidatesQuery>
export const AllCandidatesQuery = Type.Object({
  ...ListFilters,
  start_date: Type.Optional(DateQuery),
  end_date: Type.Optional(DateQuery),
  /** Only the people with this tag (the talent pool). */
  tag: Type.Optional(Type.String({ maxLength: 60 })),
})
export type AllCandidatesQuery = Static<typeof AllCandidatesQuery>
/** The CSVs take the list's filters and order; they hold every row, not a page. */
export const VacancyCsvQuery = Type.Omit(VacancyCandidatesQuery, ['page'])
export const AllCandidatesCsvQuery = Type.Omit(AllCandidatesQuery, ['page'])

/** Candidates per status key ('' for none, 'all' for the total). */
export const StatusCounts = Type.Record(Type.String(), Type.Integer())
export type StatusCounts = Static<typeof StatusCounts>

const PageFields = {
  items: Type.Array(ListedCandidate),
  page: Type.Integer(),
  /** Null with the counts (a search from the candidate index, not counted yet). */
  pageCount: Type.Union([Type.Integer(), Type.Null()]),
  total: Type.Union([Type.Integer(), Type.Null()]),
  pageSize: Type.Integer(),
  /** Whether a page follows this one. */
  hasMore: Type.Boolean(),
  /**
   * The selection's counts per status; null when they would cost more than the page (a search from
   * the candidate index, whose count grows with what it matches): the list asks them of the
   * counts route (CandidateCounts) and shows the page meanwhile.
   */
  counts: Type.Union([StatusCounts, Type.Null()]),
  /** Ids of this page's rows that share an e-mail or WhatsApp with another row of the list (of the whole base, when from the index). */
  possibleDuplicates: Type.Array(Type.Integer()),
  /**
   * When the list came from the candidate index: the instant (ISO) since which every change is in
   * it — writes through the product at once, others at the index's next read (docs/decisions/candidate-index.md).
   * Absent when the legacy was read for this click.
   */
  indexedAt: Type.Optional(Type.String()),
  /** The agency's tags on this page's people (staff only; a company sees none). */
  tags: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  /** Ids of this page's people who asked not to be contacted (staff only). */
  optedOut: Type.Optional(Type.Array(Type.Integer())),
}
/** One page of a list: 20 rows and the counts per status. */
export const CandidatePage = Type.Object(PageFields)
export type CandidatePage = Static<typeof CandidatePage>

/** GET /bff/vacancies/:id/candidates; `partial`: the BFF read a bounded fallback and may miss candidates. */
export const VacancyCandidatePage = Type.Object({ vacancy: ListedVacancy, partial: Type.Boolean(), ...PageFields })
export type VacancyCandidatePage = Static<typeof VacancyCandidatePage>

/** GET /bff/candidates; `idle`: 'Todos' without a search loads nothing (docs/product.md, Validation). */
export const AllCandidatesPage = Type.Object({ idle: Type.Boolean(), ...PageFields })
export type AllCandidatesPage = Static<typeof AllCandidatesPage>

/** GET /bff/vacancies/:id/candidates/counts and GET /bff/candidates/counts: a list's counts per status, for its selection (no status, page or order). */
export const VacancyCandidateCountsQuery = Type.Pick(VacancyCandidatesQuery, ['q'])
export const AllCandidateCountsQuery = Type.Pick(AllCandidatesQuery, ['q', 'start_date', 'end_date', 'tag'])
export const CandidateCounts = Type.Object({ counts: StatusCounts, indexedAt: Type.Optional(Type.String()) })
export type CandidateCounts = Static<typeof CandidateCounts>

/** One candidate: GET /bff/candidates/:id and the answer of every candidate write. */
export const CandidateAnswer = Type.Object({ candidate: ListedCandidate })
export type CandidateAnswer = Static<typeof CandidateAnswer>

const Note = Type.Union([BlockText(5000), Type.Null()])

/** PUT /bff/candidates/:id/status — a company may set only the statuses of its side. */
export const StatusChange = Type.Object(
  {
    status: Type.String({ maxLength: 40, pattern: '^[a-z_]*$' }),
    /** This write takes back the one just made ("Desfazer"): the audit trail says so. */
    undo: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
)
export type StatusChange = Static<typeof StatusChange>

/** PUT /bff/candidates/:id/note — the note as the writer saw it; what was hidden from them is kept. */
export const NoteChange = Type.Object({ obs: Note }, { additionalProperties: false })
export type NoteChange = Static<typeof NoteChange>

/** POST /bff/candidates/:id/forwards — the BFF copies the candidate into this vacancy (docs/product.md, A vacancy's candidates). */
export const ForwardBody = Type.Object({ vacancyId: Type.Integer({ minimum: 1, maximum: 999_999_999_999_999 }) }, { additionalProperties: false })
export type ForwardBody = Static<typeof ForwardBody>

/** The forward's answer: the new record when the legacy returns it (the legacy's known contract does not give its answer), else null. */
export const ForwardAnswer = Type.Object({ candidate: Type.Union([ListedCandidate, Type.Null()]) })
export type ForwardAnswer = Static<typeof ForwardAnswer>

/** PUT /bff/candidates/:id/tags: the person's tags, all of them (the talent pool; docs/product.md, Talent pool). */
export const TagsBody = Type.Object({ tags: Type.Array(LineText(80), { maxItems: 40 }) }, { additionalProperties: false })
export type TagsBody = Static<typeof TagsBody>
export const TagsAnswer = Type.Object({ tags: Type.Array(Type.String()) })
export type TagsAnswer = Static<typeof TagsAnswer>
/** GET /bff/tags: every tag in use, how many people have it. */
export const TagList = Type.Object({ tags: Type.Array(Type.Object({ tag: Type.String(), count: Type.Integer() })) })
export type TagList = Static<typeof TagList>

/** What a saved search restores on the all-candidates list. */
export const SavedSearchQuery = Type.Object(
  {
    q: Type.Optional(LineText(120)),
    status: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z_]*$' })),
    order: Type.Optional(CandidateOrder),
    start_date: Type.Optional(DateQuery),
    end_date: Type.Optional(DateQuery),
    tag: Type.Optional(LineText(60)),
  },
  { additionalProperties: false },
)
export type SavedSearchQuery = Static<typeof SavedSearchQuery>
export const SavedSearchBody = Type.Object({ name: LineText(200, { required: true }), query: SavedSearchQuery }, { additionalProperties: false })
export const SavedSearch = Type.Object({ id: Type.String(), name: Type.String(), query: SavedSearchQuery, createdAt: Type.String() })
export type SavedSearch = Static<typeof SavedSearch>
export const SavedSearchList = Type.Object({ searches: Type.Array(SavedSearch) })
export const SavedSearchAnswer = Type.Object({ search: SavedSearch })
export const SavedSearchParams = Type.Object({ id: Type.String({ format: 'uuid' }) })
