import ValidatorSelector from '@fastify/ajv-compiler'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type Builder = (externalSchemas: unknown, options: unknown) => (routeSchema: unknown) => ((data: unknown) => unknown) & { errors?: unknown }

/**
 * Fastify's own schema compilers (ajv, fast-json-stringify), each route's function built on its
 * first use instead of at startup. Compiling ~130 route schemas took ~270 ms of the
 * BFF's cold start, and most routes are never called by a given instance for minutes. A request
 * pays its route's compile once (a few ms); what the compiled functions do is unchanged.
 */
function lazily(builder: Builder): Builder {
  return (externalSchemas, options) => {
    let build: ReturnType<Builder> | undefined
    return (routeSchema) => {
      let compiled: ReturnType<ReturnType<Builder>> | undefined
      const run = (data: unknown) => {
        build ??= builder(externalSchemas, options)
        compiled ??= build(routeSchema)
        const result = compiled(data)
        // ajv reports what failed on the function itself; Fastify reads it from ours.
        run.errors = compiled.errors
        return result
      }
      run.errors = undefined as unknown
      return run
    }
  }
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>

// Fastify's types describe ajv's whole validate function; ours is called the same way and carries `errors`.
export const lazyCompilers = {
  buildValidator: lazily(ValidatorSelector() as unknown as Builder),
  buildSerializer: lazily(SerializerSelector() as unknown as Builder),
} as unknown as CompilersFactory
