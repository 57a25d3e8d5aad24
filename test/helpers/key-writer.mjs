// A writer of one key file in a process of its own, for the tests of concurrent writers: the
// built FileKeyStore (dist/, as the `ibanmint keys` commands run it) on the file named by its
// first argument. It says "ready", then reads commands from standard input, one per line, and
// starts each at once (several may run together):
//   create NAME   → "created ID" once the key is in the file
//   revoke ID     → "revoked ID" once the revocation is in the file
//   loop NAME     → creates keys one after another for ever, "created ID" after each
// A failure is answered "failed MESSAGE".
import { createInterface } from 'node:readline'

const { FileKeyStore } = await import(new URL('../../dist/src/keys/file-store.js', import.meta.url).href)
const { mintKey } = await import(new URL('../../dist/src/keys/key.js', import.meta.url).href)

const store = new FileKeyStore(process.argv[2])
const say = (line) => process.stdout.write(`${line}\n`)

async function create(name) {
  const { record } = mintKey({ name, limit: null, expiresAt: null })
  await store.add(record)
  say(`created ${record.id}`)
}

async function run(verb, argument) {
  try {
    if (verb === 'create') await create(argument)
    else if (verb === 'loop') for (;;) await create(argument)
    else if (verb === 'revoke') {
      const revoked = await store.revoke(argument, new Date())
      say(revoked === null ? `failed no key ${argument}` : `revoked ${argument}`)
    } else say(`failed unknown command ${verb}`)
  } catch (error) {
    say(`failed ${String(error).replace(/\n/g, ' ')}`)
  }
}

say('ready')
for await (const line of createInterface({ input: process.stdin })) {
  const [verb = '', argument = ''] = line.split(' ')
  void run(verb, argument)
}
