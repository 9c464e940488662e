import { describe, expect, test } from 'vitest'
import { roleCreateSchema, roleFilterOptions, roleFormSchema, roleMessages } from '#domain/roles'

type Schema = typeof roleCreateSchema | typeof roleFormSchema
const parsed = (schema: Schema, input: unknown) => {
  const result = schema.safeParse(input)
  return result.success ? result.data : null
}
const issues = (schema: Schema, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? []

describe("the spec's messages", () => {
  test('are word for word', () => {
    expect(roleMessages).toEqual({
      nameRequired: 'Role name is required',
      permissionRequired: 'At least one permission must be selected',
    })
  })
})

describe.each([
  ['roleCreateSchema (POST /roles)', roleCreateSchema],
  ['roleFormSchema (Add New Role form)', roleFormSchema],
] as const)('%s', (_name, schema) => {
  test('a name and one or more permissions are accepted; the name is sent trimmed', () => {
    expect(parsed(schema, { name: '  QA Lead  ', permissions: ['view', 'edit'] })).toEqual({ name: 'QA Lead', permissions: ['view', 'edit'] })
  })

  test.each(['', '   ', '\t \n'])("a name empty after trimming (%j): 'Role name is required'", (name) => {
    expect(issues(schema, { name, permissions: ['view'] })).toEqual([{ path: 'name', message: 'Role name is required' }])
  })

  test("a missing name: 'Role name is required'", () => {
    expect(issues(schema, { permissions: ['view'] })).toEqual([{ path: 'name', message: 'Role name is required' }])
  })

  test('a name that is not text is refused with the same message', () => {
    expect(issues(schema, { name: 42, permissions: ['view'] })).toEqual([{ path: 'name', message: 'Role name is required' }])
  })

  test.each([[[]], [undefined], [null], ['']])("no permission (%j): 'At least one permission must be selected'", (permissions) => {
    expect(issues(schema, { name: 'QA', permissions })).toEqual([{ path: 'permissions', message: 'At least one permission must be selected' }])
  })

  test('both missing: both messages, name first', () => {
    expect(issues(schema, { name: ' ', permissions: [] }).map((issue) => issue.message)).toEqual([
      'Role name is required',
      'At least one permission must be selected',
    ])
  })

  test('one ticked checkbox arrives as a string and becomes a list', () => {
    expect(parsed(schema, { name: 'QA', permissions: 'view' })).toEqual({ name: 'QA', permissions: ['view'] })
  })

  test('all four permissions are accepted', () => {
    expect(parsed(schema, { name: 'QA', permissions: ['view', 'add', 'edit', 'delete'] })?.permissions).toEqual(['view', 'add', 'edit', 'delete'])
  })

  test.each([['admin'], ['VIEW'], [['view', 'manage']], [[1]]])('a permission other than view, add, edit, delete (%j) is refused', (permissions) => {
    const found = issues(schema, { name: 'QA', permissions })
    expect(found).toHaveLength(1)
    expect(found[0].path).toMatch(/^permissions/)
    expect(found[0].message).toBe('Permissions are view, add, edit and delete')
  })

  test('a name over 60 characters is refused; 60 are accepted', () => {
    expect(parsed(schema, { name: 'r'.repeat(60), permissions: ['view'] })).not.toBeNull()
    expect(issues(schema, { name: 'r'.repeat(61), permissions: ['view'] })).toEqual([
      { path: 'name', message: 'Role name must be at most 60 characters' },
    ])
  })

  test('control characters in the name are refused', () => {
    expect(issues(schema, { name: 'QA\u0000Lead', permissions: ['view'] })).toEqual([
      { path: 'name', message: 'Role name cannot contain control characters' },
    ])
  })
})

describe('fields other than name and permissions', () => {
  test('are refused by the API schema', () => {
    expect(parsed(roleCreateSchema, { name: 'QA', permissions: ['view'], users: [] })).toBeNull()
    const [issue] = roleCreateSchema.safeParse({ name: 'QA', permissions: ['view'], isAdmin: true }).error!.issues
    expect(issue).toMatchObject({ code: 'unrecognized_keys', keys: ['isAdmin'] })
  })

  test('are dropped by the form schema (a form posts its buttons and hidden fields too)', () => {
    expect(parsed(roleFormSchema, { name: 'QA', permissions: ['view'], intent: 'add-role' })).toEqual({ name: 'QA', permissions: ['view'] })
  })
})

describe("'User' means no role", () => {
  test.each(['User', 'user', '  USER  '])('a role named %j is refused', (name) => {
    expect(issues(roleCreateSchema, { name, permissions: ['view'] })).toEqual([{ path: 'name', message: '"User" means no role: choose another name' }])
  })
  test('names that only contain the word are fine', () => {
    expect(parsed(roleCreateSchema, { name: 'User Support', permissions: ['view'] })).toEqual({ name: 'User Support', permissions: ['view'] })
  })
})

describe('roleFilterOptions: the role filter of User management', () => {
  test("the spec's starter roles in its order, then every created role by name, then User (no role)", () => {
    expect(roleFilterOptions(['Admin', 'zeta', 'Developer', 'Auditor', 'Engineer', 'PMO', 'beta'])).toEqual([
      'Developer', 'Engineer', 'PMO', 'Admin', 'Auditor', 'beta', 'zeta', 'User',
    ])
  })
  test('the starter roles and User are offered even when the role list could not be read', () => {
    expect(roleFilterOptions([])).toEqual(['Developer', 'Engineer', 'PMO', 'Admin', 'User'])
  })
})
