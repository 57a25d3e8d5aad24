// Worker entry: registers tsx's loader in this thread (workers do not inherit the main
// thread's loader hooks), then serves the TypeScript task module.
import { register } from 'tsx/esm/api'

register()
const { default: generateBatch } = await import('./generate.ts')
export default generateBatch
