/** The audit trail's actions as people read them; an action without a label shows as recorded. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  triagem_iniciada: 'Triagem iniciada',
  triagem_aplicada: 'Aplicação dos resultados iniciada',
  status_alterado: 'Status alterado',
  observacao_alterada: 'Observação alterada',
  candidato_editado: 'Dados do candidato editados',
  candidato_enviado: 'Candidato enviado para a vaga',
  veredito_revisado: 'Veredito revisado por uma pessoa',
  triagem_desfeita: 'Aplicação desfeita',
  pedido_titular: 'Pedido do titular recebido',
  pedido_respondido: 'Pedido do titular respondido',
  dados_anonimizados: 'Dados do titular anonimizados',
  entrada: 'Entrada com conta pessoal',
  pessoa_convidada: 'Pessoa convidada para a equipe',
  pessoa_alterada: 'Pessoa da equipe alterada',
  pessoa_desativada: 'Pessoa da equipe desativada',
  convite_gerado: 'Link de convite gerado',
  link_de_senha_gerado: 'Link de nova senha gerado',
  senha_definida: 'Senha definida por link',
  senha_alterada: 'Senha alterada',
  segundo_fator_ativado: 'Segundo fator ativado',
  segundo_fator_removido: 'Segundo fator removido',
  login_da_agencia_vinculado: 'Login da agência vinculado',
  nota_adicionada: 'Nota da equipe adicionada',
  etiquetas_alteradas: 'Etiquetas alteradas',
  acao_em_massa: 'Ação em massa iniciada',
  mensagem_enviada: 'Mensagem ao candidato',
  mensagem_status: 'Situação de uma mensagem pelo WhatsApp',
  mensagem_recebida: 'Resposta do candidato pelo WhatsApp',
  modelo_alterado: 'Modelo de mensagem alterado',
  modelo_restaurado: 'Modelo de mensagem restaurado',
  contato_bloqueado: 'Pedido para não ser contatado',
  contato_liberado: 'Contato liberado novamente',
  link_candidaturas_enviado: 'Link de "Minhas candidaturas" enviado',
  desistencia: 'Desistência pela página "Minhas candidaturas"',
  entrevista_proposta: 'Entrevista proposta',
  entrevista_respondida: 'Resposta do candidato a uma entrevista',
  entrevista_cancelada: 'Entrevista cancelada pela equipe',
  entrevista_falta: 'Falta em entrevista registrada',
  entrevista_lembrete: 'Lembrete de entrevista enviado',
}

export const AUDIT_CSV_COLUMNS = ['Data e hora', 'Quem', 'Ação', 'Sobre', 'Detalhes', 'Resultado'] as const

/** How a write came out, as people read it (a write is recorded before it runs). */
export const AUDIT_OUTCOME_LABELS: Record<string, string> = {
  ok: 'concluída',
  pendente: 'sem confirmação (o banco de dados falhou depois da escrita)',
  falhou: 'recusada pelo sistema de vagas',
  'a conferir': 'sem resposta do sistema de vagas: conferir',
}

/** One event as a CSV row: the time in Brazil's format (UTC-3 wall clock), the action's label, details as JSON. */
export function auditCsvRow(event: {
  at: string
  actor: string
  actorName?: string
  action: string
  subject: string
  detail: Record<string, unknown>
  outcome?: string
}): string[] {
  const when = new Date(event.at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  const outcome = event.outcome ?? 'ok'
  // The person by name and by the e-mail that keys them (older lines have only the e-mail).
  const who = event.actorName && event.actorName !== event.actor ? `${event.actorName} <${event.actor}>` : event.actor
  return [when, who, AUDIT_ACTION_LABELS[event.action] ?? event.action, event.subject, JSON.stringify(event.detail), AUDIT_OUTCOME_LABELS[outcome] ?? outcome]
}
