import type { Ref } from '#domain/contracts/common'
import type { PlanningScreen } from '#domain/contracts/projects'
import type { Executor } from '#api/db/client'
import { listCategories } from '#api/catalog/categories'
import { listPlannableEntities } from '#api/catalog/entities'
import { loadPlannings } from '#api/planning/plannings'
import { loadTemplates } from '#api/planning/templates'
import { loadCards } from './plan'
import { listProjects } from './project'

/**
 * Project Resource Planning in one answer (spec/administration-planning.md §2, §4): what its page
 * and each of its posts read, which the web read in four to seven calls. Null when there is no such
 * project. The choices cascade as the screen's selects do: the project's global category replaces
 * any other; an entity counts only in the chosen category, a type only for the chosen entity; the
 * lists whose parents were asked for load at once.
 */
export async function planningScreen(db: Executor, projectId: string, wanted: { categoryId?: string; entityId?: string; typeId?: string }): Promise<PlanningScreen | null> {
  const [projects, templates, saved] = await Promise.all([listProjects(db), loadTemplates(db), loadCards(db, [projectId])])
  const project = projects.find((row) => row._id === projectId)
  if (!project) return null
  const categoryId = project.globalCategory?._id ?? wanted.categoryId ?? ''
  const entityId = wanted.entityId ?? ''
  const [categories, entities, types] = await Promise.all([
    listCategories(db, projectId),
    categoryId ? listPlannableEntities(db, { projectId, categoryId }) : [],
    categoryId && entityId ? loadPlannings(db, { categoryId, entityId }) : [],
  ])
  const named = (rows: readonly Ref[]) => rows.map(({ _id, name }) => ({ _id, name }))
  const category = categories.find((row) => row._id === categoryId) ?? null
  const entity = category ? (entities.find((row) => row._id === entityId) ?? null) : null
  const type = entity ? (types.find((row) => row._id === wanted.typeId) ?? null) : null
  return {
    projects,
    templates,
    saved,
    selection: { projectId, categoryId: category?._id ?? '', entityId: entity?._id ?? '', typeId: type?._id ?? '' },
    options: {
      categories: named(categories),
      entities: category ? named(entities) : [],
      types: entity ? types.map((row) => ({ _id: row._id, name: row.typeName })) : [],
    },
  }
}
