// The schemas a command compiles at its start, compiled once by the build instead (ajv's
// standalone code, dist/validators.cjs): `ibanmint generate` and `slices check` then start
// without loading ajv (about 70 ms of CPU: a tenth of a part's start, when an array job's pods
// each make one part). The service's routes compile theirs at its start, as before.
import { MANIFEST_SCHEMA } from '../core/slices.ts'
import type { Schema } from '../core/schemas.ts'
import type { Source } from '../core/validation.ts'
import { OPTIONS_SCHEMA } from './generate.ts'

/** Each schema with the source its values come from (as the command compiles it). */
export const PRECOMPILED: readonly (readonly [Schema, Source])[] = [
  [OPTIONS_SCHEMA, 'query'],
  [MANIFEST_SCHEMA, 'body'],
]
