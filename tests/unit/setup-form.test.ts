import { describe, expect, test } from 'vitest'
import { postedForm, uuid } from '../support/forms'
import { formIdOf, KINDS, NOTICES, INTENTS, noticeOf, readSetupPost } from '#app/features/setup/form'
import { permissionsOf } from '#app/lib/intents'
import { parseWithSchema } from '#app/lib/validation'

/** The set-up screen's forms, read without a browser. */

const id = uuid(1)

describe('readSetupPost', () => {
  test('the button, the kind and the item', () => {
    expect(readSetupPost(postedForm({ intent: 'rename', kind: 'entity', id }))).toEqual({ intent: 'rename', kind: 'entity', id })
    expect(readSetupPost(postedForm({ intent: 'create', kind: 'project' }))).toEqual({ intent: 'create', kind: 'project', id: '' })
  })

  test('a post no button of the page makes is none', () => {
    expect(readSetupPost(postedForm({ intent: 'drop', kind: 'category' }))).toBeNull()
    expect(readSetupPost(postedForm({ intent: 'delete', kind: 'toString' }))).toBeNull()
    expect(readSetupPost(postedForm({ intent: 'hasOwnProperty', kind: 'category' }))).toBeNull()
    expect(readSetupPost(postedForm({}))).toBeNull()
  })

  test('each button needs its own permission', () => {
    expect(permissionsOf(INTENTS)).toEqual({ create: ['add'], rename: ['edit'], delete: ['delete'] })
  })
})

describe('the kinds’ forms', () => {
  test('the form’s own fields are left out of the payload', () => {
    const submission = parseWithSchema(postedForm({ intent: 'create', kind: 'entity', name: 'Site', categoryId: id }), { schema: KINDS.entity.create })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ name: 'Site', categoryId: id })
  })

  test('a rename without a name is refused beside the field', () => {
    const submission = parseWithSchema(postedForm({ intent: 'rename', kind: 'category', id, name: '' }), { schema: KINDS.category.update })
    expect(submission.status).toBe('error')
    expect(submission.status === 'error' && Object.keys(submission.error ?? {})).toEqual(['name'])
  })
})

describe('notices and form ids', () => {
  test('every kind has its three notices, and the address names them', () => {
    expect(noticeOf('entity', 'deleted')).toBe('/setup?notice=entity-type-deleted')
    expect(NOTICES['entity-type-deleted']).toBe('Entity type deleted.')
    expect(NOTICES['project-created']).toBe('Project created.')
    expect(NOTICES['category-saved']).toBe('Category saved.')
    expect(Object.keys(NOTICES)).toHaveLength(9)
  })

  test('a create form is one per kind; any other, one per item', () => {
    expect(formIdOf('create', 'project', id)).toBe('new-project')
    expect(formIdOf('rename', 'project', id)).toBe(`project-${id}`)
  })
})
