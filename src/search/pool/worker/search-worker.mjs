// Development only (this repository's tests run the .ts sources): Node 20 worker threads ignore `--import tsx`,
// so this plain-JS shim registers tsx (a devDependency) and loads the TS worker. The published package runs
// the compiled dist/search/pool/worker/search-worker.js instead (see search-pool.ts).
import { register } from 'tsx/esm/api'

register()
const worker = await import('./search-worker.ts')

export default worker.default
