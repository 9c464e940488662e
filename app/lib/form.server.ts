/**
 * The posted form, or a 400 the screen shows: a body that claims to be a form but cannot be read
 * as one (a broken multipart body, a missing boundary) is the sender's mistake, never a 500. What
 * is not a form at all was refused before React Router (server/form-posts.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw new Response('This form could not be read. Please send it again from its page.', { status: 400 })
  }
}
