import { createElement as h, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { describe, expect, test } from 'vitest'
import { loginFormSchema, signupFormSchema } from '#domain/auth'
import { profileFormSchema } from '#domain/profile'
import { inputProps, selectProps, textareaProps } from '#app/lib/form-props'
import { useReplyForm, type Constraints, type FieldMeta } from '#app/lib/form-reply'
import { parseWithSchema } from '#app/lib/validation'

/**
 * A reply shown by app/lib/form-reply.ts is the markup conform's useForm gave the same reply: the
 * same ids, names, values, aria-invalid and aria-describedby, errors and form attributes. Both are
 * rendered on the server, as a page without JavaScript gets them.
 */

const posted = (entries: [string, string][]) => {
  const form = new FormData()
  for (const [name, value] of entries) form.append(name, value)
  return form
}

type Control = { name: string; kind: 'input' | 'checkbox' | 'select' | 'textarea'; type?: string }

/** The form's controls and messages, from any field metadata and prop helpers. */
function markup(form: { props: Record<string, unknown>; errorId: string; errors?: string[] }, field: (name: string) => FieldMeta, controls: Control[], helpers: { input: (meta: FieldMeta, type: string) => object; select: (meta: FieldMeta) => object; textarea: (meta: FieldMeta) => object }): ReactElement {
  return h(
    'form',
    form.props,
    ...controls.map(({ name, kind, type = 'text' }) => {
      const meta = field(name)
      const props = kind === 'select' ? helpers.select(meta) : kind === 'textarea' ? helpers.textarea(meta) : helpers.input(meta, kind === 'checkbox' ? 'checkbox' : type)
      const control = h(kind === 'select' ? 'select' : kind === 'textarea' ? 'textarea' : 'input', { ...props, key: name }, ...(kind === 'select' ? [h('option', { value: '', key: '' }), h('option', { value: 'B+', key: 'B+' }, 'B+')] : []))
      return h('div', { key: name }, control, meta.errors ? h('p', { id: meta.errorId }, meta.errors.join('|')) : null)
    }),
    form.errors ? h('p', { id: form.errorId }, form.errors.join('|')) : null,
  )
}

function both(options: { id: string; lastResult?: SubmissionResult<string[]>; defaultValue?: Record<string, unknown>; constraint?: Constraints }, controls: Control[]) {
  function Conform() {
    const [form, fields] = useForm({ ...options, constraint: options.constraint } as Parameters<typeof useForm>[0])
    const field = (name: string) => {
      const [section, key] = name.split('.') as [string, string | undefined]
      const top = (fields as unknown as Record<string, { getFieldset: () => Record<string, FieldMeta> } & FieldMeta>)[section]!
      return key ? top.getFieldset()[key]! : top
    }
    const props = { ...getFormProps(form), onSubmit: undefined }
    return markup({ props, errorId: form.errorId, errors: form.errors as string[] | undefined }, field, controls, {
      input: (meta, type) => getInputProps(meta as never, { type: type as 'text', ariaAttributes: true }),
      select: (meta) => getSelectProps(meta as never, { ariaAttributes: true }),
      textarea: (meta) => getTextareaProps(meta as never, { ariaAttributes: true }),
    })
  }
  function Reply() {
    const form = useReplyForm(options)
    return markup({ props: { ...form.props, onInput: undefined }, errorId: form.errorId, errors: form.errors }, form.field, controls, { input: inputProps, select: selectProps, textarea: textareaProps })
  }
  return { conform: renderToStaticMarkup(h(Conform)), reply: renderToStaticMarkup(h(Reply)) }
}

const LOGIN: Control[] = [
  { name: 'redirectTo', kind: 'input', type: 'hidden' },
  { name: 'email', kind: 'input', type: 'email' },
  { name: 'password', kind: 'input', type: 'password' },
]
const constraint = { email: { required: true }, password: { required: true }, redirectTo: { required: false } }

describe("form-reply.ts renders a reply as conform's useForm did", () => {
  test('a form not yet posted, with a default value and required fields', () => {
    const { conform, reply } = both({ id: 'login', defaultValue: { email: 'asha@example.com' }, constraint }, LOGIN)
    expect(reply).toBe(conform)
    expect(reply).toContain('value="asha@example.com"')
  })

  test('an empty default is no value', () => {
    const { conform, reply } = both({ id: 'login', defaultValue: { email: '' }, constraint }, LOGIN)
    expect(reply).toBe(conform)
  })

  test("a refused post: each field's error, aria-invalid and aria-describedby, the value typed back and the password not", () => {
    const lastResult = parseWithSchema(posted([['email', ' not-an-email '], ['password', '']]), { schema: loginFormSchema }).reply({ hideFields: ['password'] })
    const { conform, reply } = both({ id: 'login', lastResult, defaultValue: { email: '' }, constraint }, LOGIN)
    expect(reply).toBe(conform)
    expect(reply).toContain('aria-invalid="true"')
  })

  test("the server's refusal of a valid post: the form's message, and the form described by it", () => {
    const lastResult = parseWithSchema(posted([['email', 'asha@example.com'], ['password', 'Secret1!']]), { schema: loginFormSchema }).reply({ formErrors: ['Invalid credentials'], hideFields: ['password'] })
    const { conform, reply } = both({ id: 'login', lastResult, constraint }, LOGIN)
    expect(reply).toBe(conform)
    expect(reply).toContain('aria-describedby="login-error"')
  })

  test('an error on a field named by a refinement (the confirmation)', () => {
    const lastResult = parseWithSchema(posted([['email', 'asha@example.com'], ['password', 'Secret1!'], ['confirmPassword', 'Secret2!']]), { schema: signupFormSchema }).reply({ hideFields: ['password', 'confirmPassword'] })
    const controls: Control[] = [{ name: 'email', kind: 'input', type: 'email' }, { name: 'password', kind: 'input', type: 'password' }, { name: 'confirmPassword', kind: 'input', type: 'password' }]
    const { conform, reply } = both({ id: 'signup', lastResult, constraint: { email: { required: true }, password: { required: true }, confirmPassword: { required: true } } }, controls)
    expect(reply).toBe(conform)
  })

  const PROFILE: Control[] = [
    { name: 'personal.name', kind: 'input' },
    { name: 'personal.dob', kind: 'input', type: 'date' },
    { name: 'personal.phone', kind: 'input', type: 'tel' },
    { name: 'personal.bloodGroup', kind: 'select' },
    { name: 'personal.siblings', kind: 'textarea' },
    { name: 'useDifferentEmail', kind: 'checkbox' },
    { name: 'roleId', kind: 'select' },
    { name: 'professional.previousExperience', kind: 'input', type: 'number' },
    { name: 'financial.previousOrgSalary', kind: 'input', type: 'number' },
  ]

  test('nested fields from defaults of every kind (text, numbers, null, true), selects, a textarea and a checkbox', () => {
    const defaultValue = { personal: { name: 'Asha', dob: null, bloodGroup: 'B+', siblings: 'Two' }, professional: { previousExperience: 2.5 }, financial: { previousOrgSalary: 0 }, roleId: '', useDifferentEmail: true }
    const { conform, reply } = both({ id: 'profile', defaultValue }, PROFILE)
    expect(reply).toBe(conform)
  })

  test("nested fields of a refused post: the summary's errors on their fields, the values typed back", () => {
    const lastResult = parseWithSchema(posted([['personal.name', 'Asha'], ['personal.phone', '12'], ['personal.bloodGroup', 'B+'], ['personal.siblings', 'x'], ['useDifferentEmail', 'on']]), { schema: profileFormSchema }).reply()
    const { conform, reply } = both({ id: 'profile', lastResult, defaultValue: { personal: { name: 'old' } } }, PROFILE)
    expect(reply).toBe(conform)
    expect(reply).toContain('aria-invalid="true"')
  })
})
