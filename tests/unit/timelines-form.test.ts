import { describe, expect, test } from 'vitest'
import { postedForm, uuid } from '../support/forms'
import { pagePath, readChoice, readSave } from '#app/features/project-cluster-timelines/form'

/** The Project Cluster Timelines address and a row's Save, read without a browser. */

const id = uuid
const [project, category, entityType, otherProject, otherCategory, cluster] = [1, 2, 3, 4, 5, 6].map(id)

describe('readChoice', () => {
  test('an address without prev* is the choice as it stands', () => {
    const params = new URLSearchParams({ projectId: project, categoryId: category, entityTypeId: entityType })
    expect(readChoice(params)).toEqual({ wanted: { projectId: project, categoryId: category, entityTypeId: entityType }, redirectTo: null })
    expect(readChoice(new URLSearchParams()).wanted).toEqual({ projectId: '', categoryId: '', entityTypeId: '' })
  })

  test('Apply with a new project drops the category and entity type', () => {
    const params = new URLSearchParams({ prevProjectId: project, prevCategoryId: category, projectId: otherProject, categoryId: category, entityTypeId: entityType })
    expect(readChoice(params).redirectTo).toBe(`/project-cluster-timelines?projectId=${otherProject}`)
  })

  test('Apply with a new category drops the entity type', () => {
    const params = new URLSearchParams({ prevProjectId: project, prevCategoryId: category, projectId: project, categoryId: otherCategory, entityTypeId: entityType })
    expect(readChoice(params).redirectTo).toBe(`/project-cluster-timelines?projectId=${project}&categoryId=${otherCategory}`)
  })

  test('Apply with the same project and category goes to the clean address of the whole choice', () => {
    const params = new URLSearchParams({ prevProjectId: project, prevCategoryId: '', projectId: project, categoryId: '', entityTypeId: entityType })
    expect(readChoice(params).redirectTo).toBe(`/project-cluster-timelines?projectId=${project}&entityTypeId=${entityType}`)
  })
})

describe('pagePath', () => {
  test('leaves out the empty choices', () => {
    expect(pagePath({})).toBe('/project-cluster-timelines')
    expect(pagePath({ projectId: project, categoryId: '', entityTypeId: entityType })).toBe(`/project-cluster-timelines?projectId=${project}&entityTypeId=${entityType}`)
  })
})

describe('readSave', () => {
  test('reads the row and its dates trimmed; an empty date clears it', () => {
    const posted = readSave(
      postedForm([
        ['projectId', project],
        ['categoryId', category],
        ['entityId', entityType],
        ['clusterId', cluster],
        ['startDate', ' 2027-03-31 '],
        ['endDate', ''],
      ]),
    )
    expect(posted).toEqual({
      typed: { startDate: '2027-03-31', endDate: '' },
      body: { projectId: project, categoryId: category, entityId: entityType, clusterId: cluster, startDate: '2027-03-31', endDate: null },
    })
  })

  test('a missing field is empty (the API refuses it with its own words)', () => {
    expect(readSave(postedForm([])).body).toEqual({ projectId: '', categoryId: '', entityId: '', clusterId: '', startDate: null, endDate: null })
  })
})
