import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { MESSAGES } from '../lib/http-error.ts'

/**
 * What the BFF says about requests that never reach a route — a URL that cannot be decoded, a path
 * segment past the router's limit, headers past Node's limit, a client too slow to send its
 * request — in the one error shape and in Portuguese, never Fastify's English bodies echoing the
 * URL. Passed to Fastify as `frameworkErrors` and `clientErrorHandler`.
 */
export const EDGE_MESSAGES = {
  badUrl: 'Endereço inválido.',
  longUrl: 'O endereço é longo demais.',
  bigHeaders: 'Os cabeçalhos da requisição são grandes demais.',
  slowClient: 'A requisição demorou demais para chegar.',
  badRequest: 'Requisição inválida.',
} as const

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, EDGE_MESSAGES.longUrl] : error.code === 'FST_ERR_BAD_URL' ? [400, EDGE_MESSAGES.badUrl] : [400, MESSAGES.badInput]
  void reply.code(status).header('cache-control', 'no-store').send({ message })
}

/** Node's HTTP parser refused the request before Fastify saw it: answer on the socket, then close it. */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (error: Error & { code?: string }, socket: Socket) => {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, EDGE_MESSAGES.slowClient]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, EDGE_MESSAGES.bigHeaders]
        : error.code === 'HPE_URI_TOO_LONG'
          ? [414, EDGE_MESSAGES.longUrl]
          : [400, EDGE_MESSAGES.badRequest]
  const body = JSON.stringify({ message })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
