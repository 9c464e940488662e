// Browsers drop tabs and newlines from an address and read `\` as `/`, so `/\t/evil.test` and
// `/\evil.test` lead to another site; control characters and other white space cannot stand in a
// Location header at all. A target holding any of them is not a path of ours.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\s\\]/

/**
 * The one gate for every redirect target taken from a request: a path on this site (one leading
 * `/`, then not `/`), or the fallback. Never `//evil.example`, an absolute URL or a header break.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || UNSAFE.test(to)) return fallback
  return to
}
