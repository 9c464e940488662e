import { listCategories, listEntityTypes, listProjects } from '#app/lib/api/catalog.server'
import { listOr, type Caller } from '#app/lib/api/http.server'
import { listTimelines } from '#app/lib/api/projects.server'
import { resolveCascade } from '#app/lib/cascade.server'
import type { Choice } from './form'

/**
 * The lists of a choice and its clusters' dates. A choice that does not belong to the one before
 * it is dropped, and the project's global category replaces any other; failed loads are empty
 * lists (spec/administration-planning.md §8).
 */
export async function loadTimeline(caller: Caller, wanted: Choice) {
  const projects = await listProjects(caller)
  const project = listOr(projects).find((row) => row._id === wanted.projectId)
  const projectId = project?._id ?? ''
  const categoryId = project?.globalCategory?._id ?? wanted.categoryId
  const [, category, entityType] = await resolveCascade([
    { wanted: projectId, load: async () => projects },
    { wanted: categoryId, load: () => listCategories(caller, { projectId }) },
    { wanted: wanted.entityTypeId, load: () => listEntityTypes(caller, { projectId, categoryId }) },
  ])
  const timeline = project && entityType.chosen ? await listTimelines(caller, { projectId: project._id, entityTypeId: entityType.chosen._id }) : null
  const named = (rows: { _id: string; name: string }[]) => rows.map(({ _id, name }) => ({ _id, name }))
  return {
    choice: { projectId, categoryId: category.chosen?._id ?? '', entityTypeId: entityType.chosen?._id ?? '' },
    projects: named(listOr(projects)),
    fixedCategory: project?.globalCategory ?? null,
    categories: named(category.list),
    entityTypes: named(entityType.list),
    entityType: entityType.chosen,
    rows: listOr(timeline),
  }
}
