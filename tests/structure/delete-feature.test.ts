import { describe, expect, it } from 'vitest'
import { deleteFeature } from '../support/delete-feature.ts'

// Deleting a feature's folder and its one register line leaves a BFF that builds and
// passes the other features' tests — tried for the feature with a cross-feature hook (dashboard),
// the largest one with its own tables and lifecycle (screening), the staff's candidates, and the
// team's accounts (a check on every session), the pipeline (background jobs on every candidate write)
// and the applicants' page (a job on lent staff tokens).
describe('a BFF feature is a folder you can delete', () => {
  for (const name of ['dashboard', 'screening', 'candidates', 'accounts', 'pipeline', 'my-applications']) {
    it(`builds and passes its tests without features/${name}`, { timeout: 240_000 }, () => {
      const { ok, output } = deleteFeature(name)
      expect(ok, output).toBe(true)
    })
  }
})
