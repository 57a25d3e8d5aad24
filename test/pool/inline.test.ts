// Where work runs: one decision (runsInline) for every surface. Small work stays in the calling
// thread and larger work goes to the pool, with the same bytes either way: MCP's generate_iban
// answers as the API does.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { BATCH_BYTES } from '../../src/formats/record-batches.ts'
import { toolDefinitions } from '../../src/mcp/tools.ts'
import { COMMAND_LIMITS, commandLimits, runningPoolLimits, runsInline } from '../../src/pool/inline.ts'
import { WorkPool } from '../../src/pool/pool.ts'

const pool = new WorkPool({ threads: 1 })
after(() => pool.close())

test('rows and bytes up to the limits run inline, one more goes to the pool', () => {
  const server = runningPoolLimits(100)
  assert.equal(runsInline({ rows: 100 }, server), true)
  assert.equal(runsInline({ rows: 101 }, server), false)
  assert.equal(runsInline({ rows: 1 }, runningPoolLimits(0)), false)
  assert.equal(runsInline({ rows: COMMAND_LIMITS.rows }, COMMAND_LIMITS), true)
  assert.equal(runsInline({ rows: COMMAND_LIMITS.rows + 1 }, COMMAND_LIMITS), false)
  assert.equal(runsInline({ bytes: BATCH_BYTES }), true)
  assert.equal(runsInline({ bytes: BATCH_BYTES + 1 }), false)
  assert.equal(runsInline({ bytes: BATCH_BYTES }, runningPoolLimits(0)), true)
})

test('a command makes a batch of rows on its own thread, or all of them when given one thread', () => {
  assert.equal(commandLimits(undefined), COMMAND_LIMITS)
  assert.equal(commandLimits(4), COMMAND_LIMITS)
  assert.equal(runsInline({ rows: COMMAND_LIMITS.rows + 1 }, commandLimits(2)), false)
  assert.equal(runsInline({ rows: 1e9 }, commandLimits(1)), true)
})

test('generate_iban answers a small call without the pool, a larger one on it: the same result', async () => {
  const call = async (inlineMax: number, args: Record<string, unknown>) => {
    const generate = toolDefinitions({ pool, inline: runningPoolLimits(inlineMax) }).find(
      (tool) => tool.name === 'generate_iban',
    )
    return (await generate?.call(args, new AbortController().signal))?.text
  }
  const args = { country: 'DE', count: 5, seed: 'inline', offset: 7, bank_details: true }
  const before = pool.completed
  const inline = await call(100, args)
  assert.equal(pool.completed, before, 'answered in this thread')
  const pooled = await call(4, args)
  assert.equal(pool.completed, before + 1, 'rendered by a worker')
  assert.equal(inline, pooled)
  assert.match(inline ?? '', /"offset":7,"next_offset":12/)
})
