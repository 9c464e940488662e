import { getFormProps, useForm } from '@conform-to/react'
import { Form, Link } from 'react-router'
import type { ReactNode } from 'react'
import type { Ref } from '#domain/contracts/common'
import { Field, FormMessage, SelectField } from '#app/components/forms'
import { parseWithSchema } from '#app/lib/validation'
import { useAnswer, useBusy } from './answer'
import { formIdOf, KINDS, type Kind, type SetupProject } from './form'

type Option = { value: string; label: string }

interface ItemRowProps {
  kind: Kind
  item: Ref & { globalCategory?: string }
  detail?: string
  categories?: Option[]
  canEdit: boolean
  canDelete: boolean
  /** More buttons or links beside Delete. */
  actions?: ReactNode
}

/** One item: its inline rename form (and a project's global category), and its delete button. */
export function ItemRow({ kind, item, detail, categories, canEdit, canDelete, actions }: ItemRowProps) {
  const { word } = KINDS[kind]
  const formId = formIdOf('rename', kind, item._id)
  const answer = useAnswer(formId)
  const saving = useBusy('rename', kind, item._id)
  const asking = useBusy('delete', kind, item._id)
  const [form, fields] = useForm({
    id: formId,
    lastResult: answer?.result,
    defaultValue: { name: item.name, globalCategory: item.globalCategory ?? '' },
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: KINDS[kind].update }),
    shouldRevalidate: 'onInput',
  })
  const { globalCategory } = fields as unknown as { globalCategory: typeof fields.name }
  return (
    <div className="setup-item" role="group" aria-label={`${word} ${item.name}`}>
      {canEdit ? (
        <Form method="post" action="/setup" className="setup-item-form" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={item._id} />
          <Field label={<span className="visually-hidden">Name of {word} {item.name}</span>} meta={fields.name} />
          {categories ? (
            <SelectField
              label={<span className="visually-hidden">Global category of {item.name}</span>}
              meta={globalCategory}
              options={categories}
              placeholder="No global category"
            />
          ) : null}
          <button type="submit" className="button secondary" disabled={saving} aria-label={`${kind === 'project' ? 'Save' : 'Rename'} ${word} ${item.name}`}>
            {kind === 'project' ? 'Save' : 'Rename'}
          </button>
          <FormMessage id={form.errorId} tone="error">
            {form.errors?.[0]}
          </FormMessage>
        </Form>
      ) : (
        <strong className="setup-item-name">{item.name}</strong>
      )}
      {detail ? <span className="muted-text">{detail}</span> : null}
      {actions}
      {canDelete ? (
        <Form method="post" action="/setup" className="setup-item-delete">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={item._id} />
          <button type="submit" className="button ghost danger" disabled={asking} aria-label={`Delete ${word} ${item.name}`}>
            Delete
          </button>
        </Form>
      ) : null}
    </div>
  )
}

interface ProjectRowProps {
  project: SetupProject
  categories: Option[]
  canEdit: boolean
  canDelete: boolean
  /** Its form is the one ?edit= opens. */
  opened: boolean
}

/**
 * A project: its name and global category, with an Edit link that opens its form (?edit=, so it
 * works without JavaScript). A form with a select of every category on every row would grow as
 * categories × projects; the form stays open while the action answers it with an error.
 */
export function ProjectRow({ project, categories, canEdit, canDelete, opened }: ProjectRowProps) {
  const answer = useAnswer(formIdOf('rename', 'project', project._id))
  const editing = canEdit && (opened || Boolean(answer))
  const detail = project.globalCategoryName ? `Global category: ${project.globalCategoryName}` : 'No global category'
  return (
    <ItemRow
      kind="project"
      item={project}
      detail={editing ? undefined : detail}
      categories={categories}
      canEdit={editing}
      canDelete={canDelete}
      actions={
        canEdit ? (
          editing ? (
            <Link to="/setup" preventScrollReset className="button ghost">
              Cancel
            </Link>
          ) : (
            <Link to={`/setup?${new URLSearchParams({ edit: project._id })}`} preventScrollReset className="button secondary" aria-label={`Edit project ${project.name}`}>
              Edit
            </Link>
          )
        ) : null
      }
    />
  )
}
