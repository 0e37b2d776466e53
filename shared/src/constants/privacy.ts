/**
 * LGPD: the privacy notice applicants accept when they apply, versioned (the version
 * accepted is kept with the application), and the rights they can ask for on "Meus dados".
 */
export const PRIVACY_NOTICE = {
  version: '2026-11-27',
  title: 'Aviso de privacidade',
  paragraphs: [
    'Seus dados são tratados pela agência Mini Vagas, responsável pelo processo seletivo, e compartilhados apenas com a empresa da vaga em que você se candidatar.',
    'Usamos seus dados somente para recrutamento e seleção: avaliar sua candidatura, encaminhar você a vagas compatíveis e falar com você sobre elas por e-mail, WhatsApp ou telefone (convites para entrevista, lembretes, retornos e pedidos de documentos).',
    'Você pode pedir a qualquer momento para não receber mais mensagens: pelo link no fim de cada e-mail ou respondendo a uma mensagem nossa. Suas candidaturas continuam valendo.',
    'Guardamos seus dados enquanto durar o processo seletivo e por até 12 meses depois dele, ou até você pedir a exclusão.',
    'A triagem pode ser auxiliada por ferramentas automatizadas (regras e inteligência artificial). Elas não eliminam ninguém: uma pessoa da equipe revisa e decide. Nome, contatos, gênero e deficiência não são usados na triagem automatizada.',
    'Você pode acompanhar suas candidaturas em "Minhas candidaturas" e pedir acesso, correção ou exclusão dos seus dados, ou a revisão por uma pessoa de uma decisão automatizada, na página "Meus dados". Respondemos em até 15 dias.',
  ],
} as const

export const CONSENT_MESSAGES = {
  required: 'Para se candidatar, leia e aceite o aviso de privacidade.',
  outdated: 'O aviso de privacidade foi atualizado. Leia e aceite a versão atual para se candidatar.',
} as const

/** The LGPD's deadline for answering a data subject's request (Art. 19, II). */
export const LGPD_DEADLINE_DAYS = 15

export const PRIVACY_REQUEST_KINDS = [
  { value: 'acesso', label: 'Acesso aos meus dados' },
  { value: 'correcao', label: 'Correção de dados' },
  { value: 'exclusao', label: 'Exclusão dos meus dados' },
  { value: 'revisao', label: 'Revisão por uma pessoa de uma decisão automatizada' },
] as const
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number]['value']

/** A request kind as people read it; an unknown one as stored. */
export const privacyKindLabel = (kind: string) => PRIVACY_REQUEST_KINDS.find((k) => k.value === kind)?.label ?? kind
