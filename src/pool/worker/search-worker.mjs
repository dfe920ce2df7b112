// Node 20 worker threads ignore `--import tsx`, so this plain-JS shim registers tsx and loads the TS worker.
import { register } from 'tsx/esm/api'

register()
const worker = await import('./search-worker.ts')

export default worker.default
