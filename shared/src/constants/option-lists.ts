/**
 * The option lists (docs/product.md, Option lists). The apply form and the edit screen disagree; the apply form keeps its
 * own list, edit screens offer the union (docs/architecture.md) so no stored value is lost.
 */
export interface Option {
  value: string
  label: string
}

export const GENERO_APPLY: readonly Option[] = [
  { value: 'masculino', label: 'Masculino' },
  { value: 'feminino', label: 'Feminino' },
  { value: 'prefiro nao informar', label: 'Prefiro não informar' },
]

export const GENERO_EDIT: readonly Option[] = [
  { value: 'masculino', label: 'Masculino' },
  { value: 'feminino', label: 'Feminino' },
  { value: 'outro', label: 'Outro' },
]

export const EDUCATION_APPLY: readonly Option[] = [
  { value: 'ensino médio completo', label: 'Ensino médio completo' },
  { value: 'ensino médio incompleto', label: 'Ensino médio incompleto' },
  { value: 'ensino superior completo', label: 'Ensino superior completo' },
  { value: 'ensino superior incompleto', label: 'Ensino superior incompleto' },
]

export const EDUCATION_EDIT: readonly Option[] = [
  { value: 'ensino fundamental incompleto', label: 'Ensino fundamental incompleto' },
  { value: 'ensino fundamental completo', label: 'Ensino fundamental completo' },
  { value: 'ensino médio incompleto', label: 'Ensino médio incompleto' },
  { value: 'ensino médio completo', label: 'Ensino médio completo' },
  { value: 'ensino superior incompleto', label: 'Ensino superior incompleto' },
  { value: 'ensino superior completo', label: 'Ensino superior completo' },
  { value: 'pós-graduação', label: 'Pós-graduação' },
]

/** The nine origins of the apply form; the dashboard's origin statistics use these too (docs/product.md, Limits). */
export const VEIOPOR_APPLY: readonly Option[] = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'site dr estagio', label: 'Site Dr. Estágio' },
  { value: 'site de vagas', label: 'Site de vagas' },
  { value: 'indicacao', label: 'Indicação' },
  { value: 'plataforma gupy', label: 'Plataforma Gupy' },
  { value: 'curriculo facil', label: 'Currículo Fácil' },
]

export const VEIOPOR_EDIT: readonly Option[] = [
  { value: 'site de vagas', label: 'Site de vagas' },
  { value: 'indicação', label: 'Indicação' },
  { value: 'redes sociais', label: 'Redes sociais' },
  { value: 'outro', label: 'Outro' },
]

export const SUPERMARKET_EXPERIENCE: readonly Option[] = [
  { value: 'sim trabalhei em supermercado', label: 'Sim, trabalhei em supermercado' },
  { value: 'nao trabalhei em supermercado', label: 'Não trabalhei em supermercado' },
]

export const PCD_OPTIONS: readonly Option[] = [
  { value: 'Sim', label: 'Sim' },
  { value: 'Não', label: 'Não' },
]

/** Education values after which the apply form asks for a course (curso). */
export const HIGHER_EDUCATION = ['ensino superior completo', 'ensino superior incompleto', 'pós-graduação'] as const

/** Text the legacy app writes for empty values when forwarding a candidate (docs/product.md, Validation). */
export const NOT_INFORMED = 'nao informado'
