import { describe, expect, test } from 'vitest'
import { messages, otpSchema } from '#domain/auth'
import { codeOf, isCode } from '#app/features/auth/form'
import { linkedCode, readVerifyForm } from '#app/features/auth/form.server'

/** The Verify your email form read back from a post (no browser needed). */

const form = (entries: [string, string][]) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}
const boxes = (code: string): [string, string][] => code.split('').map((digit) => ['otp', digit])

describe('readVerifyForm', () => {
  test('the six boxes are one code; a good address and code are to verify', () => {
    const posted = form([['email', 'asha@example.com'], ['intent', 'verify'], ...boxes('123456')])
    expect(codeOf(posted)).toBe('123456')
    expect(readVerifyForm(posted)).toEqual({ intent: 'verify', value: { email: 'asha@example.com', otp: '123456' } })
  })

  test('the one field of a page without JavaScript is the code too', () => {
    expect(readVerifyForm(form([['email', 'asha@example.com'], ['intent', 'verify'], ['otp', '123456']]))).toEqual({
      intent: 'verify',
      value: { email: 'asha@example.com', otp: '123456' },
    })
  })

  test('resend needs only the address, whatever the boxes hold', () => {
    expect(readVerifyForm(form([['email', 'asha@example.com'], ['intent', 'resend'], ...boxes('12')]))).toEqual({ intent: 'resend', email: 'asha@example.com' })
  })

  test('any post but Resend is a verify: no button, another button, or Resend sent second', () => {
    const verify = { intent: 'verify', value: { email: 'asha@example.com', otp: '123456' } }
    expect(readVerifyForm(form([['email', 'asha@example.com'], ...boxes('123456')]))).toEqual(verify)
    expect(readVerifyForm(form([['email', 'asha@example.com'], ['intent', 'other'], ...boxes('123456')]))).toEqual(verify)
    expect(readVerifyForm(form([['email', 'asha@example.com'], ['intent', 'verify'], ['intent', 'resend'], ...boxes('123456')]))).toEqual(verify)
    expect(readVerifyForm(form([['email', 'asha@example.com'], ['intent', 'resend'], ['intent', 'verify']]))).toEqual({ intent: 'resend', email: 'asha@example.com' })
  })

  test("a code that is not six digits is reported beside the boxes, with the spec's words", () => {
    expect(readVerifyForm(form([['email', 'asha@example.com'], ...boxes('12a')]))).toEqual({
      intent: 'invalid',
      result: { intent: 'verify', error: '', otpError: messages.otpInvalid },
    })
  })

  test("a bad address with a good code is the form's error", () => {
    const posted = readVerifyForm(form([['email', 'not an address'], ...boxes('123456')]))
    expect(posted.intent).toBe('invalid')
    expect(posted.intent === 'invalid' && posted.result.error).toBeTruthy()
    expect(posted.intent === 'invalid' && posted.result.otpError).toBeUndefined()
  })
})

describe('linkedCode', () => {
  test("the emailed link's six digits fill the form in; anything else is ignored", () => {
    expect(linkedCode(new URLSearchParams('email=a%40example.com&code=012345'))).toBe('012345')
    for (const code of ['', '12345', '1234567', '12a456', '<b>1</b>']) expect(linkedCode(new URLSearchParams({ code }))).toBe('')
    expect(linkedCode(new URLSearchParams('email=a%40example.com'))).toBe('')
  })

  test("the page's own check of the boxes (isCode) takes exactly the codes otpSchema takes", () => {
    for (const code of ['123456', '000000', '', '12345', '1234567', '12a456', ' 123456', '123456\n', '１２３４５６', '<b>1</b>']) {
      expect(isCode(code), code).toBe(otpSchema.safeParse(code).success)
    }
  })
})
