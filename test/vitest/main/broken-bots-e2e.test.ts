/**
 * Deliberately broken systems under test over the bundled sample, each run by real Vitest with no baseline
 * (test/fixtures/broken-bots, one project per bot): each asserts the check that turns red and its message.
 * Five bots share one Vitest run (one project each) to save time; a fixture reporter logs every case per
 * project. Runs that stop (own ids, missing token) or whose scorecard is asserted run alone.
 */
import http from 'node:http'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runVitest, tempDir } from '../../helpers/run-vitest.ts'

interface LoggedCase {
  project: string
  caseId: string
  state: string
  hard: Array<{ name: string; passed: boolean; message: string }>
  errors: string[]
  annotations: string[]
  errorFrames: string[]
}

const MUST_ABSTAIN = 28 // out_of_scope + cross_tenant cases of the sample (golden/boundaries.golden.jsonl)
const SAMPLE_CASES = 85

function run(projects: string[], env: Record<string, string | undefined> = {}) {
  const out = tempDir()
  return runVitest('broken-bots', ['run', ...projects.flatMap((p) => ['--project', p])], {
    FIXTURE_OUT: out,
    ...env,
  }).then((result) => ({ ...result, out }))
}

const TOKEN = 'Bearer sk-echo-7f3a9c1d5e2b8f4a6c0d'

/** A header-echoing endpoint: three ways to leak what it was sent (an error body, a non-JSON body, a valid answer). */
function echoServer(): http.Server {
  return http.createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
      const { caseId, tenantId } = JSON.parse(body) as { caseId: string; tenantId: string }
      const echo = JSON.stringify(req.headers)
      if (caseId.endsWith('1'))
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`internal error; request headers: ${echo}`)
      else if (caseId.endsWith('2')) res.writeHead(200, { 'content-type': 'text/html' }).end(`<pre>${echo}</pre>`)
      else {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            retrieved: [{ docId: 'billing/plans', tenantId, text: echo }],
            answer: `You sent ${echo} [1]`,
            sources: [{ marker: 1, docId: 'billing/plans', text: echo }],
          }),
        )
      }
    })
  })
}

let server: http.Server
let url = ''
beforeAll(async () => {
  server = echoServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/rag`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('broken bots, one Vitest run', () => {
  let cases: LoggedCase[] = []
  let result: Awaited<ReturnType<typeof run>>
  beforeAll(async () => {
    result = await run(['relabel-chunk', 'relabel-cited', 'ghost-citation', 'lying-abstention', 'echo-http'], {
      FIXTURE_HTTP_URL: url,
      FIXTURE_TOKEN: TOKEN,
      GITHUB_ACTIONS: 'true',
    })
    cases = JSON.parse(readFileSync(join(result.out, 'cases.json'), 'utf8')) as LoggedCase[]
  }, 180_000)
  const failures = (project: string) =>
    cases
      .filter((c) => c.project === project)
      .flatMap((c) => c.hard.filter((h) => !h.passed).map((h) => ({ caseId: c.caseId, ...h })))

  test('the run fails (exit 1) and every bot ran the whole sample', () => {
    expect(result.code).toBe(1)
    for (const project of ['relabel-chunk', 'relabel-cited', 'ghost-citation', 'lying-abstention', 'echo-http'])
      expect(cases.filter((c) => c.project === project)).toHaveLength(SAMPLE_CASES)
  })

  test('relabelled foreign chunk: toNotLeakAcrossTenants fails on every case, naming the evidence and both tenants', () => {
    const failed = failures('relabel-chunk')
    expect(failed).toHaveLength(SAMPLE_CASES)
    expect(new Set(failed.map((f) => f.name))).toEqual(new Set(['toNotLeakAcrossTenants']))
    for (const f of failed)
      expect(f.message).toMatch(
        /^retrieved #\d+ chunkId "\S+" is (brassmoth|quillfern)'s \S+, in tenant "\1", not the case's tenant "(brassmoth|quillfern)" \(the system labelled it "\2"\)$/,
      )
  })

  test('relabelled cited source: toNotLeakAcrossTenants fails on every answered case, naming the shown source', () => {
    const failed = failures('relabel-cited')
    // 57 answerable cases, all answered by the reference pipeline; the 28 abstentions cite nothing.
    expect(failed).toHaveLength(SAMPLE_CASES - MUST_ABSTAIN)
    for (const f of failed) {
      expect(f.name).toBe('toNotLeakAcrossTenants')
      expect(f.message).toMatch(
        /shown source \[1\] chunkId "\S+" is (brassmoth|quillfern)'s \S+, in tenant "\1", not the case's tenant "(brassmoth|quillfern)" \(the system labelled it "\2"\)/,
      )
    }
  })

  test('nonexistent cited chunk: toHaveNoFabricatedCitations fails, naming the chunk id', () => {
    const failed = failures('ghost-citation')
    // The 57 answered cases less the two whose answers cite only other markers than [1]: 55.
    expect(failed).toHaveLength(55)
    for (const f of failed) {
      expect(f.name).toBe('toHaveNoFabricatedCitations')
      expect(f.message).toMatch(
        /^\[1\] cites chunkId "(brassmoth|quillfern)\/doc\/not-in-the-corpus#0000000000000000", which is in no document of the corpus$/,
      )
    }
  })

  test('annotations: by default one on each failing case and none on a passing one; `all` annotates every case', () => {
    const ghost = cases.filter((c) => c.project === 'ghost-citation')
    const failing = ghost.filter((c) => c.hard.some((h) => !h.passed))
    // 55 failing cases (see above), 30 passing: 28 abstentions and the two that cite other markers.
    expect([failing.length, ghost.length - failing.length]).toEqual([55, 30])
    for (const c of ghost) expect(c.annotations, c.caseId).toHaveLength(failing.includes(c) ? 1 : 0)
    for (const c of failing) expect(c.annotations[0]).toMatch(/^hard \d of \d passed · /)
    // A failed check's error carries no stack frames (they pointed into the harness's compiled files); the
    // test's location is its golden line.
    for (const c of failing) expect(c.errorFrames, c.caseId).toEqual([])
    // relabel-cited asks for `annotations: 'all'`: its 28 passing abstentions are annotated too.
    const all = cases.filter((c) => c.project === 'relabel-cited')
    expect(all.filter((c) => c.annotations.length === 1)).toHaveLength(SAMPLE_CASES)
  })

  test('lying abstention: toAbstain fails on every must-abstain case, naming the contradiction', () => {
    const failed = failures('lying-abstention')
    expect(failed).toHaveLength(MUST_ABSTAIN)
    for (const f of failed) {
      expect(f.name).toBe('toAbstain')
      expect(f.message).toBe(
        'the system marked the answer abstained: true, but it states content: "Yes: the Enterprise plan includes it, at $40 per member per month."; if this is how your system declines, add the phrase to ragEval({ abstention: { phrases: [...] } }) (docs/adapters.md lists the default phrasings)',
      )
    }
    // The test's failure says the case, the check and why, each once.
    const lying = cases.filter((c) => c.project === 'lying-abstention' && c.state === 'failed')
    expect(lying).toHaveLength(MUST_ABSTAIN)
    for (const c of lying)
      expect(c.errors).toEqual([
        `${c.caseId}: toAbstain: the system marked the answer abstained: true, but it states content: "Yes: the Enterprise plan includes it, at $40 per member per month."; if this is how your system declines, add the phrase to ragEval({ abstention: { phrases: [...] } }) (docs/adapters.md lists the default phrasings)`,
      ])
  })

  test('header-echoing HTTP endpoint: the token reaches no error, log line, scorecard or annotation', () => {
    expect(result.output).toMatch(
      /POST http:\/\/127\.0\.0\.1:\d+\/rag answered 500 for case GC-\d+1 \(\d+ byte body, content-type "text\/plain"; the body is not shown\)/,
    )
    expect(result.output).toMatch(
      /returned non-JSON for case GC-\d+2 \(\d+ byte body, content-type "text\/html"; the body is not shown\)/,
    )
    expect(result.output).toContain('::error file=golden/') // annotations were printed
    // The echoed answers were quoted (a must-abstain case that "answered"), with the token replaced.
    expect(failures('echo-http').some((f) => f.name === 'toAbstain' && f.message.includes('[redacted]'))).toBe(true)
    const secret = /sk-echo-7f3a9c1d5e2b8f4a6c0d/
    expect(result.output).not.toMatch(secret)
    // Every file the run wrote, in subfolders too (the prepared cases live in one).
    for (const file of readdirSync(result.out, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) expect(readFileSync(join(file.parentPath, file.name), 'utf8'), file.name).not.toMatch(secret)
    }
  })
})

describe('broken bots, alone', () => {
  test('always-abstain: CRAG truthfulness 0 and wrong_abstention on every answerable case, answer coverage 0, exit 1', async () => {
    const result = await run(['always-abstain'])
    expect(result.code, result.output).toBe(1)
    const scorecard = JSON.parse(readFileSync(join(result.out, 'scorecard.json'), 'utf8'))
    const answerable = Object.entries(
      scorecard.cases as Record<string, { caseType: string; answer?: Record<string, number>; errorClass?: string }>,
    ).filter(([, c]) => c.caseType !== 'out_of_scope' && c.caseType !== 'cross_tenant')
    expect(answerable).toHaveLength(SAMPLE_CASES - MUST_ABSTAIN)
    for (const [id, c] of answerable) {
      expect(c.answer?.crag_truthfulness, id).toBe(0)
      expect(c.errorClass, id).toBe('wrong_abstention')
      expect(c.answer?.faithfulness, id).toBeUndefined()
    }
    // "Faithful because silent" is not a score: no faithfulness mean at all, and nothing was answered.
    expect(scorecard.answer.overall.mean.faithfulness).toBeUndefined()
    expect(scorecard.answer.answerCoverage).toBe(0)
    // The 57 wrong abstentions are queued for review, once each, with the run's id; the 28 right ones are not.
    const queue = readFileSync(join(result.out, 'feedback-queue.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(queue).toHaveLength(SAMPLE_CASES - MUST_ABSTAIN)
    expect(new Set(queue.map((q: { case_id: string }) => q.case_id))).toEqual(new Set(answerable.map(([id]) => id)))
    for (const q of queue)
      expect(q).toMatchObject({
        kind: 'run',
        project: 'always-abstain',
        run_id: scorecard.startedAt,
        error_class: 'wrong_abstention',
      })
    expect(result.output).toContain(
      `vitest-rag: ${SAMPLE_CASES - MUST_ABSTAIN} case(s) to review appended to the feedback queue`,
    )
  }, 120_000)

  test('own ids with no mapping: the run stops once, with examples and how to map them', async () => {
    const result = await run(['own-ids'])
    expect(result.code, result.output).toBe(1)
    expect(result.output.split('vitest-rag: the run stopped:').length - 1).toBe(1)
    expect(result.output).toContain('the run was stopped because the sources the system names do not resolve')
    expect(result.output).toMatch(
      /the run stopped: \d+ of \d+ source references \(100%\) in the first \d+ cases \(in golden order\) name nothing in the corpus, so 100% of what the system retrieved would score 0 for that reason alone/,
    )
    expect(result.output).toMatch(/GC-\d+: docId "DOC-\d+"/)
    expect(result.output).toContain('sourceMap')
    const scorecard = JSON.parse(readFileSync(join(result.out, 'scorecard.json'), 'utf8'))
    expect(scorecard.run.cases).toBeLessThan(SAMPLE_CASES)
    expect(scorecard.sources.unresolved).toBe(scorecard.sources.references)
    expect(scorecard.sources.problems[0].unresolved[0]).toMatch(/^docId "DOC-\d+"$/)
  }, 120_000)
})

describe('a header-echoing HTTP endpoint, token unset', () => {
  test('a missing header env var stops the run once, at startup, before any case', async () => {
    const result = await run(['echo-http'], { FIXTURE_HTTP_URL: url, FIXTURE_TOKEN: undefined })
    expect(result.code).toBe(1)
    const message =
      "the HTTP adapter's headersFromEnv names environment variable(s) that are not set: FIXTURE_TOKEN (for header Authorization)"
    expect(result.output.split(message).length - 1).toBe(1)
    expect(result.output).not.toContain('GC-0001')
  }, 60_000)
})
