import { describe, expect, test } from 'vitest'
import { UNASSIGNED_LOCATION, compareLocations, groupByLocation, locationOf } from '#domain/work-locations'

interface Holder {
  _id: string
  workLocation: string | null
}
const holder = (_id: string, workLocation: string | null): Holder => ({ _id, workLocation })
const role = (name: string, users: Holder[], permissions = ['view']) => ({ _id: `id-${name}`, name, permissions, users })

/** Each group as location → [role name, holder ids], in screen order. */
const shape = (groups: ReturnType<typeof groupByLocation<Holder>>) =>
  groups.map(({ location, roles }) => [location, roles.map(({ role: { name }, users }) => [name, users.map(({ _id }) => _id)])])

describe('locationOf', () => {
  test('is the work location, trimmed', () => {
    expect(locationOf({ workLocation: 'Hyderabad' })).toBe('Hyderabad')
    expect(locationOf({ workLocation: '  Site  ' })).toBe('Site')
  })

  test.each([null, '', '   ', '\t\n'])("a missing or blank location (%j) is 'Unassigned'", (workLocation) => {
    expect(UNASSIGNED_LOCATION).toBe('Unassigned')
    expect(locationOf({ workLocation })).toBe('Unassigned')
  })
})

describe('compareLocations', () => {
  test('Admin and Site first, then the rest alphabetically, Unassigned last', () => {
    const shuffled = ['Zurich', 'Unassigned', 'Site', 'bangalore', 'Admin', 'Chennai', 'Agra']
    expect(shuffled.sort(compareLocations)).toEqual(['Admin', 'Site', 'Agra', 'bangalore', 'Chennai', 'Zurich', 'Unassigned'])
  })

  test('Admin comes before Site whichever is compared first', () => {
    expect(compareLocations('Admin', 'Site')).toBeLessThan(0)
    expect(compareLocations('Site', 'Admin')).toBeGreaterThan(0)
    expect(compareLocations('Site', 'Site')).toBe(0)
  })

  test('the alphabetical order ignores case', () => {
    expect(['delhi', 'Chennai', 'Bangalore'].sort(compareLocations)).toEqual(['Bangalore', 'Chennai', 'delhi'])
  })

  test('a location that only resembles a first one is sorted with the rest', () => {
    expect(['Sites', 'Administration', 'Site', 'Admin'].sort(compareLocations)).toEqual(['Admin', 'Site', 'Administration', 'Sites'])
  })
})

describe('groupByLocation', () => {
  test('groups in screen order: Admin, Site, the rest alphabetically, Unassigned last', () => {
    const groups = groupByLocation([
      role('Developer', [holder('u1', 'Pune'), holder('u2', null), holder('u3', 'Site')]),
      role('Engineer', [holder('u4', 'Admin'), holder('u5', 'Bangalore'), holder('u6', '  ')]),
    ])
    expect(groups.map(({ location }) => location)).toEqual(['Admin', 'Site', 'Bangalore', 'Pune', 'Unassigned'])
  })

  test('a role held at two locations appears in both groups, each with only that location’s holders', () => {
    const developer = role('Developer', [holder('u1', 'Pune'), holder('u2', 'Site'), holder('u3', 'Pune'), holder('u4', null)])
    const engineer = role('Engineer', [holder('u5', 'Pune')])
    const groups = groupByLocation([developer, engineer])
    expect(shape(groups)).toEqual([
      ['Site', [['Developer', ['u2']]]],
      ['Pune', [['Developer', ['u1', 'u3']], ['Engineer', ['u5']]]],
      ['Unassigned', [['Developer', ['u4']]]],
    ])
    // The row keeps the role itself (name, permissions, every holder) for the screen to show.
    expect(groups[0].roles[0].role).toBe(developer)
  })

  test('roles keep their given order within a location', () => {
    const groups = groupByLocation([role('PMO', [holder('u1', 'Pune')]), role('Admin', [holder('u2', 'Pune')]), role('Developer', [holder('u3', 'Pune')])])
    expect(shape(groups)).toEqual([['Pune', [['PMO', ['u1']], ['Admin', ['u2']], ['Developer', ['u3']]]]])
  })

  test('holders with the same location written with spaces around it share its group', () => {
    const groups = groupByLocation([role('Developer', [holder('u1', 'Pune'), holder('u2', ' Pune ')])])
    expect(shape(groups)).toEqual([['Pune', [['Developer', ['u1', 'u2']]]]])
  })

  test('roles with no holders are absent from the groups', () => {
    const groups = groupByLocation([role('QA Lead', []), role('Developer', [holder('u1', 'Pune')]), role('PMO', [])])
    expect(shape(groups)).toEqual([['Pune', [['Developer', ['u1']]]]])
  })

  test('no roles, or only roles nobody holds, give no groups', () => {
    expect(groupByLocation([])).toEqual([])
    expect(groupByLocation([role('QA Lead', []), role('PMO', [])])).toEqual([])
  })
})
