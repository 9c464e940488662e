import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form, useActionData, useNavigate } from 'react-router'
import { useEffect } from 'react'
import type { Ref } from '#domain/contracts/common'
import { ErrorList, Field, FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { useHydrated } from '#app/lib/hydrated'
import { useSubmitting } from '#app/lib/submitting'
import { parseWithSchema } from '#app/lib/validation'
import { ChosenEntity, DialogActions } from './dialog-parts'
import { addClusterFormSchema, SUCCESS_DELAY_MS, type PlanningAnswer } from './form'

export function AddClusterDialog({ closeTo, category, entity }: { closeTo: string; category: Ref; entity: Ref }) {
  const actionData = useActionData<PlanningAnswer>()
  const answer = actionData?.intent === 'add-cluster' ? actionData : undefined
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const saving = useSubmitting(undefined, 'add-cluster')
  const added = answer?.added ?? null
  const [form, fields] = useForm({
    id: 'add-cluster',
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: addClusterFormSchema }),
    shouldRevalidate: 'onInput',
  })
  useEffect(() => {
    if (!added) return
    const timer = setTimeout(() => navigate(closeTo), SUCCESS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [added, closeTo, navigate])
  return (
    <Modal title="Add Cluster" width={600} onClose={() => navigate(closeTo)}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="add-cluster" />
        {/* Tells the action the dialog can show its own success (only JavaScript can close it later). */}
        {hydrated ? <input type="hidden" name="inPage" value="1" /> : null}
        <input type="hidden" name="category" value={category._id} />
        <input type="hidden" name="entityType" value={entity._id} />
        <ChosenEntity category={category} entity={entity} />
        <Field label="Cluster Name" meta={fields.name} inputProps={{ autoFocus: true }} />
        <div className="field">
          <label htmlFor={fields.description.id}>Description (optional)</label>
          <textarea {...getTextareaProps(fields.description, { ariaAttributes: true })} key={fields.description.key} rows={3} />
          <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <FormMessage id={form.errorId} tone="error">
          {form.errors?.[0]}
        </FormMessage>
        <div aria-live="polite">{added ? <FormMessage tone="success">{added}</FormMessage> : null}</div>
        <DialogActions closeTo={closeTo} label="Add Cluster" busyLabel="Adding..." busy={saving} disabled={saving || Boolean(added)} />
      </Form>
    </Modal>
  )
}
