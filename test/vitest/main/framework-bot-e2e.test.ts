/**
 * A chatbot built like a framework app (test/fixtures/framework-bot: directory loader, 300/50 recursive
 * splitter, BM25 per tenant) over the bundled sample, whose tenants share document names. It returns only
 * file paths (absolute, relative), URLs, JSON Lines file + line and page text: no harness ids. One real Vitest
 * run, its tenant filter on and off. The scorecard must equal an independent scoring of the bot's own ranking,
 * computed here from the paths themselves (no harness resolver): every foreign document is a miss, never the
 * asking tenant's document of the same name.
 */
import http from 'node:http'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAdapter } from '../../fixtures/framework-bot/bot.ts'
import { repoRoot, runVitest, tempDir } from '../../helpers/run-vitest.ts'
import type { RetrievedChunk } from '../../../src/system/adapter/types.ts'

interface GoldenLine {
  case_id: string
  tenant_id: string
  case_type: string
  query: string
  expected_sources: Array<{
    locator: { kind: string; slug?: string; entry?: string; ticket?: string }
    grade: number
    tenant?: string
  }>
}
interface LoggedCase {
  project: string
  caseId: string
  hard: Array<{ name: string; passed: boolean; message: string }>
}

const golden: GoldenLine[] = ['boundaries', 'brassmoth', 'quillfern'].flatMap((f) =>
  readFileSync(join(repoRoot, `golden/${f}.golden.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as GoldenLine),
)

/** The document a retrieved item names, read off its path or URL alone: `<tenant>/<kind>/<key>`. */
function documentOf(item: RetrievedChunk): string {
  const where = item.path ?? item.url ?? ''
  const md = /tenants\/([^/]+)\/docs\/(.+?)(?:\.md)?$/.exec(where)
  if (md) return `${md[1]}/doc/${md[2]}`
  const jsonl = /tenants\/([^/]+)\/(changelog|tickets)\.jsonl(?:#L(\d+))?$/.exec(where)
  if (!jsonl) throw new Error(`unexpected source ${where}`)
  const [, tenant, file, fragment] = jsonl
  const line = Number(fragment ?? item.line)
  const record = JSON.parse(
    readFileSync(join(repoRoot, `evals/sample-kb/tenants/${tenant}/${file}.jsonl`), 'utf8').split('\n')[line - 1]!,
  ) as { entry_id?: string; ticket_id?: string }
  return file === 'changelog' ? `${tenant}/changelog/${record.entry_id}` : `${tenant}/ticket/${record.ticket_id}`
}

/** Document qrels of a golden case: each named document at its best grade. */
function qrelsOf(c: GoldenLine): Map<string, number> {
  const qrels = new Map<string, number>()
  for (const s of c.expected_sources) {
    const { kind, slug, entry, ticket } = s.locator
    const id = `${s.tenant ?? c.tenant_id}/${kind}/${slug ?? entry ?? ticket}`
    qrels.set(id, Math.max(qrels.get(id) ?? 0, s.grade))
  }
  return qrels
}

/** recall@5, MRR and nDCG@10 (linear gain, 1/log2(rank + 1), a repeated document gains nothing), as trec_eval. */
function score(ranked: string[], qrels: Map<string, number>): { recall5: number; mrr: number; ndcg10: number } {
  const relevant = [...qrels.values()].filter((g) => g > 0).length
  const seen = new Set<string>()
  const gains = ranked.map((d) => (seen.has(d) ? 0 : (seen.add(d), qrels.get(d) ?? 0)))
  const first = gains.findIndex((g) => g > 0)
  const dcg = (gs: number[]) => gs.slice(0, 10).reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0)
  return {
    recall5: gains.slice(0, 5).filter((g) => g > 0).length / relevant,
    mrr: first < 0 ? 0 : 1 / (first + 1),
    ndcg10: dcg(gains) / dcg([...qrels.values()].filter((g) => g > 0).sort((a, b) => b - a)),
  }
}

const out = tempDir()
let cases: LoggedCase[] = []
const rankings = new Map<string, Map<string, string[]>>()
let server: http.Server | undefined
beforeAll(async () => {
  // The same bot, filter off, behind the HTTP adapter: one POST per case, the output as JSON.
  const httpBot = await createAdapter({ filter: false })
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
      void httpBot
        .run(JSON.parse(body))
        .then((output) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(output)))
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/rag`
  const run = await runVitest(
    'framework-bot',
    ['run', '--project', 'filter-on', '--project', 'filter-off', '--project', 'http-off'],
    { FIXTURE_OUT: out, FIXTURE_HTTP_URL: url },
  )
  cases = JSON.parse(readFileSync(join(out, 'cases.json'), 'utf8')) as LoggedCase[]
  expect(cases, run.output).toHaveLength(3 * golden.length)
  for (const filter of [true, false]) {
    const bot = await createAdapter({ filter })
    const byCase = new Map<string, string[]>()
    for (const c of golden)
      byCase.set(
        c.case_id,
        (await bot.run({ caseId: c.case_id, query: c.query, tenantId: c.tenant_id } as never)).retrieved.map(
          documentOf,
        ),
      )
    rankings.set(filter ? 'on' : 'off', byCase)
  }
}, 240_000)
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

describe.each([
  ['on', 'on'],
  ['off', 'off'],
  ['off', 'http-off'],
] as const)('the framework bot, tenant filter %s (%s)', (filter, project) => {
  const scorecard = () =>
    JSON.parse(readFileSync(join(out, project, 'scorecard.json'), 'utf8')) as {
      cases: Record<string, { retrieval: Record<string, number> }>
      sources: { unresolved: number; ambiguous?: number }
    }

  test("every case's recall@5, MRR and nDCG@10 equal the independent scoring of the bot's own ranking", () => {
    const card = scorecard()
    const scored = golden.filter((c) => card.cases[c.case_id]?.retrieval?.['recall@5'] !== undefined)
    // 85 cases less the 28 that must abstain (out_of_scope, cross_tenant), which are not scored.
    expect(scored).toHaveLength(57)
    for (const c of scored) {
      const mine = score(rankings.get(filter)!.get(c.case_id)!, qrelsOf(c))
      const theirs = card.cases[c.case_id]!.retrieval
      expect([theirs['recall@5'], theirs.mrr, theirs['ndcg@10']], c.case_id).toEqual([
        mine.recall5,
        mine.mrr,
        expect.closeTo(mine.ndcg10, 12),
      ])
    }
    // Every reference resolved, none was ambiguous: each path, URL and JSONL line named its tenant.
    expect([card.sources.unresolved, card.sources.ambiguous]).toEqual([0, undefined])
  })
})

describe('tenancy', () => {
  const leakOf = (project: string, caseId: string) =>
    cases
      .find((c) => c.project === project && c.caseId === caseId)
      ?.hard.find((h) => h.name === 'toNotLeakAcrossTenants')

  test('filter on: nothing fails for tenancy', () => {
    for (const c of golden) expect(leakOf('filter-on', c.case_id)?.passed, c.case_id).toBe(true)
  })

  test.each(['filter-off', 'http-off'])(
    '%s: exactly the leaking cases fail, each message naming the field and the foreign document',
    (project) => {
      const leaking = golden.filter((c) =>
        rankings
          .get('off')!
          .get(c.case_id)!
          .some((d) => !d.startsWith(`${c.tenant_id}/`)),
      )
      expect(leaking.length).toBeGreaterThan(40)
      for (const c of golden) expect(leakOf(project, c.case_id)?.passed, c.case_id).toBe(!leaking.includes(c))
      for (const c of leaking) {
        const ranked = rankings.get('off')!.get(c.case_id)!
        const problems = leakOf(project, c.case_id)!
          .message.replace(/; and \d+ more$/, '')
          .split('; ')
        for (const problem of problems) {
          const m =
            /^retrieved #(\d+) (path|url) "(?:…)?[^"]*\/tenants\/([a-z]+)\/[^"]*" is \3's (\S+), in tenant "\3", not the case's tenant "([a-z]+)"$/.exec(
              problem,
            )
          expect(m, problem).not.toBeNull()
          const [, rank, , tenant, key, caseTenant] = m!
          expect([caseTenant, tenant]).toEqual([c.tenant_id, ranked[Number(rank) - 1]!.split('/')[0]])
          expect(ranked[Number(rank) - 1]!.endsWith(`/${key}`), problem).toBe(true)
        }
      }
    },
  )

  test('a worked case: GC-0006 with the filter off has its one relevant document at rank 2', () => {
    // quillfern's question; the bot's #1 is not relevant, #2 is: MRR = 1/2, nDCG@10 = (g / log2 3) / g = 0.6309.
    const card = JSON.parse(readFileSync(join(out, 'off', 'scorecard.json'), 'utf8')) as {
      cases: Record<string, { retrieval: Record<string, number> }>
    }
    expect(card.cases['GC-0006']!.retrieval).toMatchObject({
      'recall@5': 1,
      mrr: 0.5,
      'ndcg@10': expect.closeTo(1 / Math.log2(3), 12),
    })
  })
})
