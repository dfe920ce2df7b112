/**
 * The HTML scorecard in a real browser: two real Vitest runs of the e2e fixture (a good run accepted as the
 * baseline, then a run that drops "six" from every answer, so should_contain regresses), and the page the
 * reporter wrote opened in headless Chromium (Debian's `chromium` package, driven by playwright-core; no
 * browser download). Checks the charts rendered, the hard assertions come first, no request left the page,
 * and saves a screenshot under the output folder.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { writeBaseline } from '../../../src/report/files/baseline-file.ts'
import { readScorecardFile } from '../../../src/report/files/scorecard-file.ts'
import { runVitest, tempDir } from '../../helpers/run-vitest.ts'

/** The Chromium binary: $CHROMIUM_PATH, else Debian's. */
const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => p !== undefined && existsSync(p),
)

test.skipIf(CHROMIUM === undefined)(
  'the HTML scorecard opens in real headless Chromium with its charts drawn and no request leaving the page (skipped when no Chromium is installed: apt-get install chromium)',
  async () => {
    const out = tempDir('vitest-rag-html-')
    const good = await runVitest('e2e', ['run'], {
      FIXTURE_OUT: join(out, 'good'),
      FIXTURE_BASELINE: 'none',
      FIXTURE_VARIANT: 'good',
    })
    expect(good.code, good.output).toBe(0)
    await writeBaseline(
      join(out, 'baseline.json'),
      createBaseline(await readScorecardFile(join(out, 'good', 'scorecard.json')), '2026-12-01T00:00:00.000Z'),
    )
    const run = await runVitest('e2e', ['run'], {
      FIXTURE_OUT: join(out, 'run'),
      FIXTURE_BASELINE: join(out, 'baseline.json'),
      FIXTURE_VARIANT: 'drop6',
    })
    expect(run.code, run.output).toBe(1) // should_contain fell 6% on every answerable case: a confirmed regression
    const page = join(out, 'run', 'scorecard.html')
    expect(readFileSync(page, 'utf8')).toContain("default-src 'none'")
    // The page is announced beside the JSON (#24: only the JSON was).
    expect(run.output).toContain(
      `vitest-rag: scorecard written to ${join(out, 'run', 'scorecard.json')} (HTML: ${page})`,
    )

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
    try {
      const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const url = pathToFileURL(page).href
      const requests: string[] = []
      tab.on('request', (request) => {
        if (request.url() !== url) requests.push(request.url())
      })
      // Belt and braces: anything but the page itself is aborted (and recorded above), so the test never reaches a network.
      await tab.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()))
      await tab.goto(url, { waitUntil: 'load' })

      const charts = await tab.$$eval('svg[data-chart]', (svgs) =>
        svgs.map((svg) => ({
          name: svg.getAttribute('data-chart'),
          width: svg.getBoundingClientRect().width,
          marks: svg.querySelectorAll('rect, path, circle').length,
        })),
      )
      expect(charts.map((c) => c.name)).toEqual(['deltas', 'risk-coverage', 'error-classes'])
      for (const chart of charts) {
        expect(chart.width, String(chart.name)).toBeGreaterThan(100)
        expect(chart.marks, String(chart.name)).toBeGreaterThan(0)
      }
      // The regression is drawn as a red bar in the deltas chart, labelled with its relative change.
      const regressed = await tab.$$eval('svg[data-chart="deltas"] rect', (rects) =>
        rects.filter((r) => r.getAttribute('fill') === '#c0392b').map((r) => r.querySelector('title')?.textContent),
      )
      expect(regressed).toEqual(['should_contain: -6.0%'])
      // Hard assertions come before every other section; drop6 lowers should_contain on 16 cases, so the
      // per-case diffs follow the deltas.
      expect(await tab.$$eval('main > section', (sections) => sections.map((s) => s.id))).toEqual([
        'hard',
        'deltas',
        'case-diffs',
        'retrieval',
        'answers',
        'abstention',
        'errors',
        'cases',
      ])
      expect(await tab.locator('header h1').innerText()).toContain('gate FAIL')

      // At 1280 px nothing is wider than the viewport and no card's content spills out of it: a wide table
      // scrolls inside its own box (#24: the answers table ran past its card).
      const overflow = {
        page: await tab.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
        wide: await tab.$$eval(
          'body *',
          (elements, max) => elements.filter((e) => e.getBoundingClientRect().width > max).map((e) => e.tagName),
          1280,
        ),
        spilled: await tab.$$eval('main > section', (sections) =>
          sections.filter((s) => s.scrollWidth > s.clientWidth).map((s) => s.id),
        ),
      }
      expect(overflow).toEqual({ page: 0, wide: [], spilled: [] })

      const screenshot = join(out, 'run', 'scorecard.png')
      await tab.screenshot({ path: screenshot, fullPage: true })
      expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe('PNG')
      expect(requests).toEqual([])
    } finally {
      await browser.close()
    }
  },
  120_000,
)
