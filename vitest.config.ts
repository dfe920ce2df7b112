import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { ragEval } from './src/public/plugin.ts'

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the e2e files spend most of their time waiting on the
    // Vitest runs they spawn, so two workers take the suite from 344 s to 246 s there (measured 2026-12-01).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/fixtures/**', 'node_modules/**'],
          setupFiles: ['test/setup/no-network.ts'],
          // Every temp folder of the run lives under one folder, removed when the run ends; the end-to-end tests'
          // children run dist/, rebuilt first when a source is newer.
          globalSetup: ['test/setup/temp-dir.ts', 'test/setup/fresh-dist.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The bundled sample: golden/*.golden.jsonl over evals/sample-kb, offline (no API key).
        plugins: [ragEval({ corpus: { kind: 'kb', root: 'evals/sample-kb' } })],
        test: { name: 'evals' },
      },
    ],
  },
})
