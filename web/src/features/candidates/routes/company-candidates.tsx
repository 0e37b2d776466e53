import { VacancyCandidatesScreen } from './vacancy-candidates.tsx'

/** CandidatosEmpresa: the candidates of one of the company's own vacancies. */
export function Component() {
  return <VacancyCandidatesScreen variant="company" />
}
