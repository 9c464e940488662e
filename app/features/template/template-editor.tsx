import { Form } from 'react-router'
import { useState } from 'react'
import { FormMessage } from '#app/components/forms'
import { useDismissable } from '#app/lib/dismissable'
import { useSubmitting } from '#app/lib/submitting'
import { EMPTY_ITEM, plannedOf, type DialogState, type Draft, type ItemDraft, type TemplatePage } from './form'
import { InterchangeDialog } from './interchange-dialog'
import { RoleTable } from './role-table'
import { SaveConfirmation } from './save-confirmation'

interface TemplateEditorProps {
  page: Pick<TemplatePage, 'choice' | 'roles' | 'entities' | 'interchangeClusters' | 'can'>
  initialDraft: Draft
  initialDialog: DialogState | null
  /** The answer that asks to confirm (a new one asks again, even for the same form). */
  confirm: object | null
  message: string | null
}

/**
 * Each role of the chosen type with its clusters (a group is one row). The whole template is one
 * form: the interchange dialog and the save confirmation live inside it, so without JavaScript
 * their buttons post everything, and Confirm posts the very fields Save Template did.
 */
export function TemplateEditor({ page, initialDraft, initialDialog, confirm, message }: TemplateEditorProps) {
  const [draft, setDraft] = useState(initialDraft)
  const [dialog, setDialog] = useState(initialDialog)
  const [confirmDismissed, dismissConfirm] = useDismissable(confirm)
  const saving = useSubmitting(undefined, 'save')
  const dialogRow = dialog ? page.roles.flatMap((role) => role.rows).find((row) => row.key === dialog.key) : undefined
  const update = (key: string, patch: Partial<ItemDraft>) => setDraft((current) => ({ ...current, [key]: { ...(current[key] ?? EMPTY_ITEM), ...patch } }))

  return (
    <Form method="post" className="card template-editor" aria-label="Template">
      {/* Enter submits the first button: Save Template, or (dialog open) showing the dialog again. */}
      <button type="submit" name="intent" value={dialog ? 'dialog-refresh' : page.can.save ? 'save' : 'refresh'} className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="categoryId" value={page.choice.categoryId} />
      <input type="hidden" name="entityId" value={page.choice.entityId} />
      <input type="hidden" name="planningId" value={page.choice.planningId} />
      <FormMessage tone="error">{message}</FormMessage>
      {page.roles.length === 0 ? <p className="empty">Choose a category, an entity and a type to plan its clusters.</p> : null}
      {page.roles.map((role) => (
        <RoleTable
          key={role.roleId}
          role={role}
          draft={draft}
          entities={page.entities}
          clusters={page.interchangeClusters}
          onChange={update}
          onOpen={(key, item) => setDialog({ key, rows: item.interchanges, message: null })}
        />
      ))}
      {page.can.save ? (
        <div className="actions">
          <button type="submit" name="intent" value="save" className="button primary" disabled={saving}>
            Save Template
          </button>
        </div>
      ) : null}

      {dialog && dialogRow ? (
        <InterchangeDialog
          rowKey={dialog.key}
          clusterLabel={dialogRow.label}
          roleName={dialogRow.roleName}
          plannedPeople={plannedOf((draft[dialog.key] ?? EMPTY_ITEM).planned)}
          initialInterchanges={dialog.rows}
          entities={page.entities}
          clusters={page.interchangeClusters}
          message={dialog.message}
          onCancel={() => setDialog(null)}
          onSave={(saved) => {
            update(dialog.key, { interchanges: saved })
            setDialog(null)
          }}
        />
      ) : null}

      {confirm && !confirmDismissed ? <SaveConfirmation onCancel={dismissConfirm} /> : null}
    </Form>
  )
}
