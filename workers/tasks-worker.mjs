// Worker entry: registers tsx's loader in this thread (workers do not inherit the main
// thread's loader hooks), then serves the TypeScript task module.
import { register } from 'tsx/esm/api'

register()
const tasks = await import('./tasks.ts')
export default tasks.default
export const validateBatch = tasks.validateBatch
