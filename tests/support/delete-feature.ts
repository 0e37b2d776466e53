/**
 * A BFF feature is a folder you can delete. Copies the BFF into a scratch folder,
 * deletes `bff/src/features/<name>` and the lines of bff/src/app.ts that name it (its import and
 * its one `register`), then typechecks the copy and runs the tests it still has. Exits non-zero
 * when either fails.
 *
 *   node tests/support/delete-feature.ts dashboard [exports ...]
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/** The BFF's test files (relative to bff/) that build the app, through testApp or buildApp. */
function testsBuildingTheApp(src: string): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => /\b(testApp|buildApp)\(/.test(readFileSync(join(src, file), 'utf8')))
    .map((file) => join('src', file))
}

export function deleteFeature(name: string): { ok: boolean; output: string } {
  const scratch = mkdtempSync(join(tmpdir(), `mv-without-${name}-`))
  try {
    cpSync(join(root, 'bff'), join(scratch, 'bff'), { recursive: true })
    cpSync(join(root, 'tsconfig.base.json'), join(scratch, 'tsconfig.base.json'))
    symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'))
    symlinkSync(join(root, 'shared'), join(scratch, 'shared'))
    rmSync(join(scratch, 'bff/src/features', name), { recursive: true })
    const appFile = join(scratch, 'bff/src/app.ts')
    const app = readFileSync(appFile, 'utf8').split('\n')
    const imported = app.find((line) => line.includes(`'./features/${name}/index.ts'`))
    const plugin = imported?.match(/import \{ (\w+) \}/)?.[1]
    if (!plugin) return { ok: false, output: `bff/src/app.ts does not import features/${name}/index.ts` }
    const kept = app.filter((line) => line !== imported && !line.includes(`register(${plugin}`))
    if (kept.length !== app.length - 2)
      return { ok: false, output: `features/${name} is named on ${app.length - kept.length} lines of app.ts, not 2 (its import and its register)` }
    writeFileSync(appFile, kept.join('\n'))
    // The project's own type checker (the native one `npm run typecheck` uses): the JavaScript tsc
    // took minutes per copy on a busy machine.
    const typecheck = spawnSync(process.execPath, [join(root, 'node_modules/typescript-7/bin/tsc'), '-p', join(scratch, 'bff'), '--noEmit'], { encoding: 'utf8' })
    if (typecheck.status !== 0) return { ok: false, output: `typecheck without ${name}:\n${typecheck.stdout}${typecheck.stderr}` }
    // Only the tests that build the app can notice a missing feature at run time; a test importing
    // the deleted folder was already refused by the type check.
    const tests = testsBuildingTheApp(join(scratch, 'bff/src'))
    if (tests.length === 0) return { ok: false, output: `no test of the BFF builds the app without ${name}` }
    const run = spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', '--root', join(scratch, 'bff'), '--testTimeout=60000', '--reporter=dot', ...tests], {
      encoding: 'utf8',
      cwd: join(scratch, 'bff'),
    })
    return { ok: run.status === 0, output: `tests without ${name}:\n${run.stdout}${run.stderr}` }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (process.argv[1] === import.meta.filename) {
  let failed = false
  for (const name of process.argv.slice(2)) {
    const { ok, output } = deleteFeature(name)
    console.log(`${ok ? 'ok' : 'FAILED'}: the BFF without features/${name}\n${ok ? '' : output}`)
    failed ||= !ok
  }
  process.exit(failed ? 1 : 0)
}
