import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/fixtures/**', 'node_modules/**'],
          setupFiles: ['test/setup/no-network.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
})
