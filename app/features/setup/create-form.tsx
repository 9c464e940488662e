import { getFormProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { Field, FormMessage, SelectField } from '#app/components/forms'
import { parseWithSchema } from '#app/lib/validation'
import { useAnswer, useBusy } from './answer'
import { formIdOf, KINDS, type Kind } from './form'

/** The form that adds one item of a kind (an entity type names its category, a project may name a global one). */
export function CreateForm({ kind, label, categories }: { kind: Kind; label: string; categories?: { value: string; label: string }[] }) {
  const { Word } = KINDS[kind]
  const formId = formIdOf('create', kind)
  const answer = useAnswer(formId)
  const saving = useBusy('create', kind)
  const [form, fields] = useForm({
    id: formId,
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: KINDS[kind].create }),
    shouldRevalidate: 'onInput',
  })
  const { categoryId, globalCategory } = fields as unknown as Record<'categoryId' | 'globalCategory', typeof fields.name>
  return (
    <Form method="post" action="/setup" className="setup-create" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="kind" value={kind} />
      <Field label={`${Word} name`} meta={fields.name} />
      {kind === 'entity' && categories ? <SelectField label="Category" meta={categoryId} options={categories} placeholder="Select Category" /> : null}
      {kind === 'project' && categories ? (
        <SelectField label="Global category (optional)" meta={globalCategory} options={categories} placeholder="No global category" />
      ) : null}
      <button type="submit" className="button primary" disabled={saving}>
        {label}
      </button>
      <FormMessage id={form.errorId} tone="error">
        {form.errors?.[0]}
      </FormMessage>
    </Form>
  )
}
