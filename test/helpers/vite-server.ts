/**
 * A real Vite server with the ragEval plugin, as the tests that check what the plugin does to Vite's module graph
 * need it: middleware mode (no port, no websocket, no file watcher), no config file, silent.
 */
import { createServer, type ViteDevServer } from 'vite'
import type { RagEvalOptions } from '../../src/config/schema.ts'
import { ragEval } from '../../src/public/plugin.ts'

/** Runs `use` with a server rooted at `root` whose only plugin is `ragEval(options)`, and closes it after. */
export async function withRagEvalServer<T>(
  root: string,
  options: RagEvalOptions,
  use: (server: ViteDevServer) => Promise<T>,
): Promise<T> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, ws: false, watch: null },
    plugins: [ragEval(options)],
  })
  try {
    return await use(server)
  } finally {
    await server.close()
  }
}
