import { afterAll, beforeAll, expect, test } from 'vitest'
import { signedUpUser, startApi, type Api } from '../support/api-harness'

let api: Api
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

test('sign up, verify, landing shows the user', async () => {
  const { client, email } = await signedUpUser(api)
  const landing = await client.get<{ user: { email: string; role: string } }>('/landing')
  expect(landing.status).toBe(200)
  expect(landing.body.user.email).toBe(email)
  expect(landing.body.user.role).toBe('Admin')
})
