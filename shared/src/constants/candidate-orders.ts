/** The orders a candidate list can be read in; the default is last action, newest first. */
export type CandidateOrder = 'last_action_desc' | 'name_asc' | 'name_desc' | 'city_asc' | 'city_desc' | 'state_asc' | 'state_desc'
export const CANDIDATE_ORDERS: readonly CandidateOrder[] = ['last_action_desc', 'name_asc', 'name_desc', 'city_asc', 'city_desc', 'state_asc', 'state_desc']
