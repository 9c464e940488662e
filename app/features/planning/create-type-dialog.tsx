import { getFormProps, useForm } from '@conform-to/react'
import { Form, useActionData, useNavigate } from 'react-router'
import type { Ref } from '#domain/contracts/common'
import { ErrorList, Field, FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { useSubmitting } from '#app/lib/submitting'
import { parseWithSchema } from '#app/lib/validation'
import { ChosenEntity, DialogActions } from './dialog-parts'
import { createTypeFormSchema, tickedOf, type PlanningAnswer } from './form'

interface CreateTypeDialogProps {
  closeTo: string
  category: Ref
  entity: Ref
  roles: Ref[]
  clusters: Ref[]
}

export function CreateTypeDialog({ closeTo, category, entity, roles, clusters }: CreateTypeDialogProps) {
  const actionData = useActionData<PlanningAnswer>()
  const lastResult = actionData?.intent === 'create-type' ? actionData.result : undefined
  const navigate = useNavigate()
  const saving = useSubmitting(undefined, 'create-type')
  const [form, fields] = useForm({
    id: 'create-type',
    lastResult,
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: createTypeFormSchema }),
    shouldRevalidate: 'onInput',
  })
  // After a refusal without JavaScript, the boxes come back as they were ticked.
  const ticked = tickedOf(lastResult?.initialValue)
  const formError = form.errors?.[0] ?? fields.categoryId.errors?.[0] ?? fields.entityId.errors?.[0]
  return (
    <Modal title="Create New Planning Type" width={600} onClose={() => navigate(closeTo)}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create-type" />
        <input type="hidden" name="categoryId" value={category._id} />
        <input type="hidden" name="entityId" value={entity._id} />
        <ChosenEntity category={category} entity={entity} />
        <Field label="Type Name" meta={fields.typeName} inputProps={{ autoFocus: true }} />
        <fieldset className="field" aria-describedby={fields.roleClusters.errors ? fields.roleClusters.errorId : undefined}>
          <legend>Clusters for each role</legend>
          {clusters.length === 0 ? (
            <p className="help">This entity has no clusters yet: add one with Add Cluster first.</p>
          ) : (
            roles.map((role) => (
              <fieldset key={role._id} className="role-clusters">
                <legend>{role.name}</legend>
                <div className="checkbox-grid">
                  {clusters.map((cluster) => (
                    <label key={cluster._id} className="checkbox">
                      <input type="checkbox" name={`role.${role._id}`} value={cluster._id} defaultChecked={(ticked[role._id] ?? []).includes(cluster._id)} />{' '}
                      {cluster.name}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))
          )}
          <ErrorList id={fields.roleClusters.errorId} errors={fields.roleClusters.errors} />
        </fieldset>
        <FormMessage id={form.errorId} tone="error">
          {formError}
        </FormMessage>
        <DialogActions closeTo={closeTo} label="Save Type" busyLabel="Saving..." busy={saving} />
      </Form>
    </Modal>
  )
}
