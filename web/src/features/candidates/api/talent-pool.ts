import useSWR from 'swr'
import type { SavedSearch, SavedSearchQuery, TagList } from '@mini-vagas/shared/schemas/candidates'
import type { PoolSuggestions } from '@mini-vagas/shared/schemas/screening'
import { api } from '../../../lib/api-client.ts'

/** The talent pool's reads and writes (docs/product.md, Talent pool): tags in use, saved searches, suggestions for a vacancy. */
export const tagsKey = '/bff/tags'
export const useTags = (enabled = true) => useSWR(enabled ? tagsKey : null, async (key: string) => (await api<TagList>(key)).tags)

export const savedSearchesKey = '/bff/saved-searches'
export const useSavedSearches = () => useSWR(savedSearchesKey, async (key: string) => (await api<{ searches: SavedSearch[] }>(key)).searches)
export const saveSearch = async (name: string, query: SavedSearchQuery) => (await api<{ search: SavedSearch }>(savedSearchesKey, { method: 'POST', body: { name, query } })).search
export const deleteSearch = (id: string) => api<null>(`${savedSearchesKey}/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const useSuggestions = (vacancyId: number | null) =>
  useSWR(vacancyId ? `/bff/vacancies/${vacancyId}/suggestions` : null, (key: string) => api<PoolSuggestions>(key), { revalidateOnFocus: false })
