import { describe, expect, it } from 'vitest'
import { testApp } from '../../testing.ts'

describe('screening’s metrics', () => {
  it('reports its jobs by status from the store and those this instance is working on', async () => {
    const app = await testApp({ METRICS_TOKEN: 'segredo-das-metricas' })
    const text = (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer segredo-das-metricas' } })).body
    expect(text).toContain('bff_screening_jobs_here{job="run"} 0')
    expect(text).toContain('bff_screening_jobs_here{job="apply"} 0')
    expect(text).toContain('# TYPE bff_screening_jobs gauge')
    await app.close()
  })
})
