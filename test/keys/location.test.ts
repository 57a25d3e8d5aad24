// Where the key file is without KEYS_FILE (the platform's data directory, the same from every
// folder; the former ./data/keys.json where one exists, with a notice), and how a Redis store
// is named (never with its password).
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { dataDirectory, describeKeyStore, describeRedis, keysFileLocation } from '../../src/keys/location.ts'

const dir = mkdtempSync(join(tmpdir(), 'ibanmint-location-'))
after(() => rmSync(dir, { recursive: true, force: true }))

test('the data directory of each platform: XDG_DATA_HOME or ~/.local/share, Application Support, LOCALAPPDATA', () => {
  const cases: [string, NodeJS.ProcessEnv, string | undefined, string | undefined][] = [
    ['linux', {}, '/home/ada', '/home/ada/.local/share'],
    ['linux', { XDG_DATA_HOME: '/srv/data' }, '/home/ada', '/srv/data'],
    // The XDG specification: a relative path is invalid and ignored.
    ['linux', { XDG_DATA_HOME: 'data' }, '/home/ada', '/home/ada/.local/share'],
    ['freebsd', {}, '/home/ada', '/home/ada/.local/share'],
    ['darwin', { XDG_DATA_HOME: '/srv/data' }, '/Users/ada', '/Users/ada/Library/Application Support'],
    ['win32', { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'C:\\Users\\ada', 'C:\\Users\\ada\\AppData\\Local'],
    ['win32', {}, 'C:\\Users\\ada', 'C:\\Users\\ada\\AppData\\Local'],
    ['linux', {}, undefined, undefined],
  ]
  for (const [platform, env, home, expected] of cases)
    assert.equal(dataDirectory(env, platform, home), expected, `${platform} ${JSON.stringify(env)} ${home}`)
})

test('KEYS_FILE wins, made absolute against the working directory; without it, the data directory', () => {
  const cwd = join(dir, 'fresh')
  mkdirSync(cwd)
  const home = join(dir, 'home')
  assert.deepEqual(keysFileLocation({ KEYS_FILE: 'keys/k.json' }, { cwd, home }), {
    path: join(cwd, 'keys', 'k.json'),
    notice: undefined,
  })
  assert.deepEqual(keysFileLocation({ KEYS_FILE: '' }, { cwd, home, platform: 'linux' }), {
    path: join(home, '.local', 'share', 'ibanmint', 'keys.json'),
    notice: undefined,
  })
  assert.equal(
    keysFileLocation({}, { cwd: 'C:\\work', home: 'C:\\Users\\ada', platform: 'win32' }).path,
    'C:\\Users\\ada\\AppData\\Local\\ibanmint\\keys.json',
  )
})

test('a ./data/keys.json in the working directory (the former default) is kept, with a notice saying how to move it', () => {
  const cwd = join(dir, 'project')
  const home = join(dir, 'home2')
  mkdirSync(join(cwd, 'data'), { recursive: true })
  writeFileSync(join(cwd, 'data', 'keys.json'), '{"version":1,"keys":[]}')
  const standard = join(home, '.local', 'share', 'ibanmint', 'keys.json')
  const found = keysFileLocation({}, { cwd, home, platform: 'linux' })
  assert.equal(found.path, join(cwd, 'data', 'keys.json'))
  assert.equal(
    found.notice,
    `ibanmint: using the key file ${found.path} (./data/keys.json of this folder, the former default); other folders use ${standard}. ` +
      `To use one store from every folder: mkdir -p '${join(home, '.local', 'share', 'ibanmint')}' && mv '${found.path}' '${standard}' (or set KEYS_FILE to keep this one).`,
  )
  // When both exist, moving would lose one: the notice says to choose.
  mkdirSync(join(home, '.local', 'share', 'ibanmint'), { recursive: true })
  writeFileSync(standard, '{"version":1,"keys":[]}')
  assert.match(keysFileLocation({}, { cwd, home, platform: 'linux' }).notice ?? '', /Both exist: set KEYS_FILE/)
  // A link there counts (even a dangling one): it is what this folder used.
  const linked = join(dir, 'linked')
  mkdirSync(join(linked, 'data'), { recursive: true })
  symlinkSync(join(dir, 'nowhere.json'), join(linked, 'data', 'keys.json'))
  assert.equal(keysFileLocation({}, { cwd: linked, home, platform: 'linux' }).path, join(linked, 'data', 'keys.json'))
})

test('without a home directory, the former default, with a notice', () => {
  const found = keysFileLocation({}, { cwd: '/srv/app', home: undefined, platform: 'linux' })
  assert.equal(found.path, '/srv/app/data/keys.json')
  assert.match(found.notice ?? '', /no home directory .*set KEYS_FILE/)
})

test('a Redis store is named by host, port and db, never by its credentials', () => {
  const cases: [string, string][] = [
    ['redis://127.0.0.1:6379', 'Redis at 127.0.0.1:6379, db 0'],
    ['redis://cache.internal', 'Redis at cache.internal:6379, db 0'],
    ['redis://ops:s3cret-pass@cache.internal:6380/2', 'Redis at cache.internal:6380, db 2'],
    ['rediss://:s3cret-pass@[::1]:6390?db=4', 'Redis at [::1]:6390, db 4 (TLS)'],
  ]
  for (const [url, expected] of cases) {
    assert.equal(describeRedis(url), expected)
    assert.ok(!describeRedis(url).includes('s3cret'), url)
  }
  assert.equal(describeKeyStore({ keysFile: '/srv/keys.json', redisUrl: undefined }), 'key file /srv/keys.json')
  assert.equal(describeKeyStore({ keysFile: '/srv/keys.json', redisUrl: 'redis://r:1/3' }), 'Redis at r:1, db 3')
})
