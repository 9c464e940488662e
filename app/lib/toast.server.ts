import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createCookieSessionStorage, redirect } from 'react-router'
import { z } from 'zod'
import { webEnv } from '../../server/env'
import { privateDir, tightenTree, writePrivateFile } from '../../shared/private-files'

/**
 * The confirmation of a save, shown once at the top of the next page: a signed
 * cookie session flashed by the action's redirect, read and cleared by the root's loader. A cookie
 * rather than a query parameter, so a reload or a shared address never repeats it and no one can
 * craft a link that shows a message of their choosing.
 */
// Long texts are cut rather than refused: a save that succeeded must not answer 500 for its message.
const text = (max: number) => z.string().trim().transform((value) => value.slice(0, max))
const toastSchema = z.object({
  title: text(200).pipe(z.string().min(1)),
  description: text(500)
    .nullish()
    .transform((value) => value || undefined),
  type: z.enum(['success', 'error', 'message']).default('success'),
})

export type Toast = z.output<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>

const KEY = 'toast'

/**
 * The cookie's secrets: SESSION_SECRET when set; else one kept in DATA_DIR, made by whichever process
 * needs it first (`wx`: a second one reads the first's). Never one made in memory alone (DESIGN §3):
 * a flash written by one web process must read in another, and after a restart.
 */
function flashSecrets(): string[] {
  const env = webEnv()
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  const file = path.join(privateDir(env.DATA_DIR), 'session-secret')
  try {
    writePrivateFile(file, randomBytes(32).toString('hex'), { exclusive: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    tightenTree(file) // kept by an older version, perhaps readable by others
  }
  return [fs.readFileSync(file, 'utf8').trim()]
}

let storage: ReturnType<typeof createFlashStorage> | undefined
const flashStorage = () => (storage ??= createFlashStorage(flashSecrets()))
const createFlashStorage = (secrets: string[]) =>
  createCookieSessionStorage({
    cookie: {
      name: 'flash',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: webEnv().PUBLIC_URL.startsWith('https:'),
      secrets,
      // Shown on the next page or not at all: a flash nobody came back for must not surface days later.
      maxAge: 60 * 10,
    },
  })

/** The Set-Cookie line that flashes `toast`; null (and a warning in the log) for one without a title: the save still answers. */
async function toastCookie(toast: ToastInput): Promise<string | null> {
  const parsed = toastSchema.safeParse(toast)
  if (!parsed.success) {
    console.warn(`A flash without a title was not shown: ${JSON.stringify(toast)}`)
    return null
  }
  const session = await flashStorage().getSession()
  session.flash(KEY, parsed.data)
  return flashStorage().commitSession(session)
}

/** An action's redirect after a save, carrying its confirmation to the page it leads to. */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers)
  const cookie = await toastCookie(toast)
  if (cookie) headers.append('set-cookie', cookie)
  return redirect(url, { ...init, headers })
}

/**
 * The flashed toast, if the request carries a valid one, and the header that clears it. A forged,
 * garbled or outdated cookie reads as none (the signature or the schema fails): never an error.
 */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = request.headers.get('cookie')
  if (!cookie?.includes('flash=')) return { toast: null, headers: null }
  const session = await flashStorage().getSession(cookie).catch(() => null)
  if (!session) return { toast: null, headers: null }
  const parsed = toastSchema.safeParse(session.get(KEY))
  // Cleared whatever it held: a cookie that cannot be read is not kept to be read again.
  const headers = new Headers({ 'set-cookie': await flashStorage().destroySession(session) })
  return { toast: parsed.success ? parsed.data : null, headers }
}
