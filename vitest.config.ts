import { defineConfig } from 'vitest/config'
import { ragEval } from './src/public/plugin.ts'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/fixtures/**', 'node_modules/**'],
          setupFiles: ['test/setup/no-network.ts'],
          // Every temp folder of the run lives under one folder, removed when the run ends.
          globalSetup: ['test/setup/temp-dir.ts'],
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
