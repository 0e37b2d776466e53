import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { looksLikeEmail, phoneKey } from '@mini-vagas/shared/domain/candidate-identity'
import { formatPhone } from '@mini-vagas/shared/domain/br-format'
import {
  contactKeys,
  MESSAGE_PURPOSES,
  messageChannelLabel,
  messagePurposeLabel,
  MESSAGE_TEXTS,
  recordValues,
  renderMessage,
  unknownVariables,
  whatsappLink,
  whatsappNumber,
} from '@mini-vagas/shared/domain/messages'
import { ErrorBody, Failures, IdParams, MessageAnswer } from '@mini-vagas/shared/schemas/common'
import { LinkSecret } from '@mini-vagas/shared/schemas/my-applications'
import { ContactAnswer, ContactBody, SendAnswer, SendBody, TemplateBody, TemplateParams, TemplatesAnswer, UnsubscribeBody } from '@mini-vagas/shared/schemas/messages'
import { HttpError, MESSAGES, refuseFieldErrors } from '../../lib/http-error.ts'
import { sessionOf } from '../../legacy/access.ts'
import { actorOf } from '../../plugins/audit.ts'
import { ONE_CLICK_PATH } from '../../plugins/contact.ts'
import { whatsappCallbackData, WhatsAppRefusal } from '../../plugins/whatsapp.ts'
import { whatsappCloud } from './whatsapp-routes.ts'

type Obj = Record<string, unknown>
const UNSUBSCRIBE_GONE = 'Este link de descadastro não vale mais. Para não receber mensagens, responda a qualquer mensagem nossa pedindo isso ou use "Meus dados".'

/**
 * Writing to candidates (docs/product.md, Messages): the templates admins edit, one message to one
 * candidate — by e-mail over SMTP, or WhatsApp's click-to-chat with the text filled in — each on
 * the candidate's timeline with who sent it and how, and people's requests not to be contacted
 * (a link in every e-mail, or staff marking it), which every send respects. Bulk sends are a bulk
 * action (features/pipeline).
 */
export async function messagesFeature(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['messages']
  const whatsapp = await whatsappCloud(app)
  const templatesAnswer = async () => ({
    templates: await app.contact.templates(),
    mailConfigured: app.mailer.configured,
    whatsappApi: whatsapp !== null,
    whatsappTemplates: MESSAGE_PURPOSES.map((p) => p.value).filter((purpose) => whatsapp?.templateFor(purpose, {})),
  })

  api.get('/bff/messages/templates', { config: { access: 'admin' }, schema: { tags, response: { 200: TemplatesAnswer, ...Failures } } }, templatesAnswer)

  api.put(
    '/bff/messages/templates/:purpose',
    { config: { access: 'agency-admin' }, schema: { tags, params: TemplateParams, body: TemplateBody, response: { 200: TemplatesAnswer, ...Failures } } },
    async (request) => {
      const { subject, body } = request.body
      const unknown = [...new Set(unknownVariables(`${subject} ${body}`))]
      refuseFieldErrors(unknown.length > 0 ? { body: `Variável desconhecida: ${unknown.map((v) => `{${v}}`).join(', ')}.` } : {})
      const who = actorOf(sessionOf(request))
      await app.contact.saveTemplate(request.params.purpose, { subject: subject.trim(), body: body.trim() }, who.actorName || who.actor)
      await app.audit.record({ ...who, action: 'modelo_alterado', subject: `modelo:${request.params.purpose}` })
      return templatesAnswer()
    },
  )

  api.delete(
    '/bff/messages/templates/:purpose',
    { config: { access: 'agency-admin' }, schema: { tags, params: TemplateParams, response: { 200: TemplatesAnswer, ...Failures } } },
    async (request) => {
      const who = actorOf(sessionOf(request))
      await app.contact.saveTemplate(request.params.purpose, null, who.actor)
      await app.audit.record({ ...who, action: 'modelo_restaurado', subject: `modelo:${request.params.purpose}` })
      return templatesAnswer()
    },
  )

  const contactOf = async (record: Obj) => ({
    optedOut: await app.contact.optOut(record),
    email: String(record.email ?? '').trim(),
    whatsapp: formatPhone(record.whatsapp),
  })

  api.get('/bff/candidates/:id/contact', { config: { access: 'admin' }, schema: { tags, params: IdParams, response: { 200: ContactAnswer, ...Failures } } }, async (request) =>
    contactOf((await request.owned.candidate()) as Obj),
  )

  api.put(
    '/bff/candidates/:id/contact',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, body: ContactBody, response: { 200: ContactAnswer, ...Failures } } },
    async (request) => {
      const record = (await request.owned.candidate()) as Obj
      const keys = contactKeys(record)
      const who = actorOf(sessionOf(request))
      if (request.body.optedOut) await app.contact.addOptOut(keys, 'equipe', who.actor)
      else await app.contact.removeOptOut(keys)
      await app.audit.record({ ...who, action: request.body.optedOut ? 'contato_bloqueado' : 'contato_liberado', subject: `candidato:${request.params.id}` })
      return contactOf(record)
    },
  )

  api.post(
    '/bff/candidates/:id/messages',
    { config: { access: 'admin' }, schema: { tags, params: IdParams, body: SendBody, response: { 200: SendAnswer, ...Failures } } },
    async (request) => {
      const record = (await request.owned.candidate()) as Obj
      const { purpose, channel, values = {}, text } = request.body
      if (await app.contact.optOut(record)) throw new HttpError(409, MESSAGE_TEXTS.optedOut)
      const template = await app.contact.template(purpose)
      const message = renderMessage(text === undefined ? template : { subject: template.subject, body: text }, { ...recordValues(record), ...values })
      const who = actorOf(sessionOf(request))
      const said = { ...who, action: 'mensagem_enviada', subject: `candidato:${request.params.id}` }
      if (channel === 'whatsapp') {
        const link = whatsappLink(record.whatsapp, message.text)
        if (!link) throw new HttpError(422, MESSAGES.badInput, { errors: { channel: [MESSAGE_TEXTS.noPhone] } })
        // Click-to-chat: the person sends it from their WhatsApp; the product records that they opened it.
        await app.audit.record({ ...said, detail: { channel, purpose, state: 'aberta' } })
        return { message: `WhatsApp aberto com a mensagem "${messagePurposeLabel(purpose)}".`, link }
      }
      if (channel === 'whatsapp_api') {
        if (!whatsapp) throw new HttpError(503, MESSAGE_TEXTS.noWhatsAppApi)
        const phone = phoneKey(record.whatsapp)
        const number = whatsappNumber(record.whatsapp)
        if (!number) throw new HttpError(422, MESSAGES.badInput, { errors: { channel: [MESSAGE_TEXTS.noPhone] } })
        // Meta's approved template for the purpose when there is one and the words were not changed:
        // it reaches people who have not written in the last 24 hours; free text only reaches those who have.
        const approved = text === undefined ? whatsapp.templateFor(purpose, { ...recordValues(record), ...values }) : null
        try {
          const { id } = approved
            ? await whatsapp.sendTemplate(number, approved.template, approved.params, { callbackData: whatsappCallbackData(Number(request.params.id), purpose) })
            : await whatsapp.send(number, message.text)
          await app.whatsappMessages.sent({ wamid: id, candidateId: Number(request.params.id), phone, purpose })
        } catch (error) {
          await app.audit.record({ ...said, detail: { channel, purpose, state: 'falhou' } })
          if (error instanceof WhatsAppRefusal)
            throw new HttpError(502, error.code === 131047 ? MESSAGE_TEXTS.outsideWindow : MESSAGE_TEXTS.whatsAppRefused(error.message.slice(0, 200)))
          request.log.warn({ err: { message: (error as Error).message } }, 'messages: the WhatsApp Cloud API did not answer')
          throw new HttpError(504, 'O WhatsApp não respondeu. Tente novamente em instantes.')
        }
        await app.audit.record({ ...said, detail: { channel, purpose, state: 'enviada' } })
        return { message: `"${messagePurposeLabel(purpose)}" enviada pelo WhatsApp Business.`, link: null }
      }
      const email = String(record.email ?? '').trim()
      if (!looksLikeEmail(email)) throw new HttpError(422, MESSAGES.badInput, { errors: { channel: [MESSAGE_TEXTS.noEmail] } })
      if (!app.mailer.configured) throw new HttpError(503, MESSAGE_TEXTS.noMail)
      try {
        const end = await app.contact.signOff(email)
        await app.mailer.send({ to: email, subject: message.subject, text: message.text + end.text, headers: end.headers })
      } catch (error) {
        request.log.warn({ err: { message: (error as Error).message } }, 'messages: an e-mail was not sent')
        await app.audit.record({ ...said, detail: { channel, purpose, state: 'falhou' } })
        throw new HttpError(502, 'O servidor de e-mail não aceitou a mensagem. Tente novamente em instantes.')
      }
      await app.audit.record({ ...said, detail: { channel, purpose, state: 'enviada' } })
      return { message: `"${messagePurposeLabel(purpose)}" enviada por ${messageChannelLabel(channel)} para ${email}.`, link: null }
    },
  )

  // One click from the mail program (RFC 8058): it posts `List-Unsubscribe=One-Click` as a form, with
  // neither cookie nor the SPA's CSRF header — the secret is the proof. A GET (a person, a link
  // scanner) stops nothing: it opens the page that asks for the click.
  await app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<TypeBoxTypeProvider>()
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      oneClick.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) => done(null, body))
    const querystring = Type.Object({ t: LinkSecret })
    oneClick.get(ONE_CLICK_PATH, { config: { access: 'public' }, schema: { hide: true, querystring } }, async (request, reply) =>
      reply.redirect(`/descadastro#${encodeURIComponent(request.query.t)}`, 303),
    )
    oneClick.post(ONE_CLICK_PATH, { config: { access: 'public' }, schema: { hide: true, querystring } }, async (request, reply) => {
      if (!/List-Unsubscribe=One-Click/.test(String(request.body ?? ''))) return reply.code(400).type('text/plain; charset=utf-8').send('Pedido de descadastro inválido.')
      const link = await app.applicantLinks.opened(request.ip, request.query.t, 'descadastro', UNSUBSCRIBE_GONE)
      await app.contact.addOptOut([`email:${link.email}`], 'link', 'titular')
      await app.audit.record({ actor: 'titular', action: 'contato_bloqueado', subject: `titular:${link.email}`, detail: { via: 'um-clique' } })
      return reply.type('text/plain; charset=utf-8').send(MESSAGE_TEXTS.unsubscribed)
    })
  })

  api.post(
    '/bff/public/unsubscribe',
    { config: { access: 'public' }, schema: { tags, body: UnsubscribeBody, response: { 200: MessageAnswer, 410: ErrorBody, ...Failures } } },
    async (request) => {
      const link = await app.applicantLinks.opened(request.ip, request.body.token, 'descadastro', UNSUBSCRIBE_GONE)
      await app.contact.addOptOut([`email:${link.email}`], 'link', 'titular')
      await app.audit.record({ actor: 'titular', action: 'contato_bloqueado', subject: `titular:${link.email}`, detail: { via: 'link' } })
      return { message: MESSAGE_TEXTS.unsubscribed }
    },
  )
}
