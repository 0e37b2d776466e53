import { LegacyRefusal } from './errors.ts'
import type { LegacyGateway } from './gateway.ts'

/** The legacy refused a job's token: the job stops where it is, its step left as it was. */
export class SessionEnded extends Error {}

/**
 * A background job's one way of calling the legacy (a screening apply, a bulk action): through
 * its own gateway, a 401 turned into SessionEnded, `onAnswer` told of every answer (to clear a
 * "waiting after a 429" notice).
 */
export function jobCalls(gateway: LegacyGateway, onAnswer: () => void) {
  return async <T>(call: (legacy: LegacyGateway) => Promise<T>): Promise<T> => {
    try {
      const answer = await call(gateway)
      onAnswer()
      return answer
    } catch (error) {
      throw error instanceof LegacyRefusal && error.kind === 'session' ? new SessionEnded() : error
    }
  }
}
