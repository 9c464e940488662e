import { describe, expect, test } from 'vitest'
import { parseEnv } from '#domain/env'

describe('defaults of the operating contract', () => {
  const env = parseEnv({})

  test('PORT is 3000 and API_PORT 3001', () => {
    expect(env.PORT).toBe(3000)
    expect(env.API_PORT).toBe(3001)
  })

  test('BACKEND_URL is http://127.0.0.1:$API_PORT', () => {
    expect(env.BACKEND_URL).toBe('http://127.0.0.1:3001')
    expect(parseEnv({ API_PORT: '4001' }).BACKEND_URL).toBe('http://127.0.0.1:4001')
  })

  test('PUBLIC_URL is http://localhost:$PORT', () => {
    expect(env.PUBLIC_URL).toBe('http://localhost:3000')
    expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080')
  })

  test('DATA_DIR is ./data', () => {
    expect(env.DATA_DIR).toBe('./data')
  })

  test('MAIL_FROM is portal@localhost', () => {
    expect(env.MAIL_FROM).toBe('portal@localhost')
  })

  test('DATABASE_URL and SMTP_URL are unset: embedded database and outbox', () => {
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })

  test('the seed administrator is admin@example.com with a password left to be generated', () => {
    expect(env.SEED_ADMIN_EMAIL).toBe('admin@example.com')
    expect(env.SEED_ADMIN_PASSWORD).toBeUndefined()
  })

  test('both processes log one line per request (LOG_LEVEL info) and give requests in flight 10 s at a stop', () => {
    expect(env.LOG_LEVEL).toBe('info')
    expect(env.SHUTDOWN_DEADLINE_MS).toBe(10_000)
  })

  test("TIME_ZONE is the server's own zone", () => {
    expect(env.TIME_ZONE).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })

  test('SESSION_SECRET is a list: the first signs, the others still verify', () => {
    expect(parseEnv({ SESSION_SECRET: 'a-new-secret-of-32-characters-xx, the-old-secret-still-verifying' }).SESSION_SECRET).toEqual([
      'a-new-secret-of-32-characters-xx',
      'the-old-secret-still-verifying',
    ])
    expect(env.SESSION_SECRET).toBeUndefined()
  })

  test('an empty variable means unset', () => {
    expect(parseEnv({ PORT: '', DATA_DIR: '', PUBLIC_URL: '' })).toMatchObject({ PORT: 3000, DATA_DIR: './data', PUBLIC_URL: 'http://localhost:3000' })
  })
})

describe('given values', () => {
  test('are used as given; ports are numbers', () => {
    const env = parseEnv({
      PORT: '8000',
      API_PORT: '8001',
      BACKEND_URL: 'http://api.internal:9000',
      PUBLIC_URL: 'https://portal.example.com',
      DATA_DIR: '/var/lib/portal',
      MAIL_FROM: 'Portal <noreply@example.com>',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      SMTP_URL: 'smtp://u:p@mail:587',
      TIME_ZONE: 'Asia/Kolkata',
    })
    expect(env).toMatchObject({
      PORT: 8000,
      API_PORT: 8001,
      BACKEND_URL: 'http://api.internal:9000',
      PUBLIC_URL: 'https://portal.example.com',
      DATA_DIR: '/var/lib/portal',
      MAIL_FROM: 'Portal <noreply@example.com>',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      SMTP_URL: 'smtp://u:p@mail:587',
      TIME_ZONE: 'Asia/Kolkata',
    })
  })

  test('a trailing slash is dropped from URLs, so links join cleanly', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://portal.example.com/' }).PUBLIC_URL).toBe('https://portal.example.com')
    expect(parseEnv({ BACKEND_URL: 'http://127.0.0.1:9000//' }).BACKEND_URL).toBe('http://127.0.0.1:9000')
  })

  test('variables outside the contract are ignored', () => {
    expect(parseEnv({ HOME: '/root', PATH: '/bin' })).not.toHaveProperty('HOME')
  })
})

describe('a bad value stops start-up with a message naming it', () => {
  test.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['API_PORT', { API_PORT: '0' }],
    ['API_PORT', { API_PORT: '30.5' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'portal.example.com' }],
    ['BACKEND_URL', { BACKEND_URL: 'not a url' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/portal' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com:25' }],
    ['SEED_ADMIN_EMAIL', { SEED_ADMIN_EMAIL: 'admin' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['SHUTDOWN_DEADLINE_MS', { SHUTDOWN_DEADLINE_MS: '-1' }],
    ['SHUTDOWN_DEADLINE_MS', { SHUTDOWN_DEADLINE_MS: 'soon' }],
    ['TIME_ZONE', { TIME_ZONE: 'Mars/Olympus_Mons' }],
    ['TIME_ZONE', { TIME_ZONE: 'IST+5:30' }],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }],
    ['WEB_TRUST_PROXY', { WEB_TRUST_PROXY: 'true' }],
    ['WEB_TRUST_PROXY', { WEB_TRUST_PROXY: '10.0.0.0/99' }],
  ])('%s', (name, source) => {
    let message = ''
    try {
      parseEnv(source)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/^Invalid environment: /)
    // The named variable, and not merely a longer name containing it (API_PORT contains PORT).
    expect(message).toMatch(new RegExp(`(^|[^A-Z_])${name}:`))
    for (const other of ['PORT', 'API_PORT', 'PUBLIC_URL', 'BACKEND_URL', 'DATABASE_URL', 'SMTP_URL', 'SEED_ADMIN_EMAIL'].filter((n) => n !== name)) {
      expect(message).not.toMatch(new RegExp(`(^|[^A-Z_])${other}:`))
    }
  })

  test('every bad variable is named at once', () => {
    expect(() => parseEnv({ PORT: 'x', DATABASE_URL: 'sqlite://x' })).toThrow(/PORT: .*; DATABASE_URL: must start with postgres:\/\//)
  })

  test('postgresql:// and smtps:// are accepted forms', () => {
    expect(parseEnv({ DATABASE_URL: 'postgresql://db/portal', SMTP_URL: 'smtps://mail:465' })).toMatchObject({
      DATABASE_URL: 'postgresql://db/portal',
      SMTP_URL: 'smtps://mail:465',
    })
  })
})

describe('WEB_TRUST_PROXY: the proxies in front of the web', () => {
  test('unset: none (the connection is the client)', () => {
    expect(parseEnv({}).WEB_TRUST_PROXY).toBeUndefined()
  })

  test("a list in Express's trust proxy syntax: addresses, CIDR ranges and the named ranges", () => {
    expect(parseEnv({ WEB_TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,loopback,fd00::/8' }).WEB_TRUST_PROXY).toEqual(['10.0.0.0/8', '192.0.2.7', 'loopback', 'fd00::/8'])
  })

  test('a value that is no address is named with what is wrong', () => {
    expect(() => parseEnv({ WEB_TRUST_PROXY: '10.0.0.1, proxy.internal' })).toThrow(/WEB_TRUST_PROXY: invalid IP address: proxy\.internal/)
  })
})

test('an unknown TIME_ZONE is named with the value given', () => {
  expect(() => parseEnv({ TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow('TIME_ZONE: unknown time zone "Mars/Olympus_Mons"')
})
