import type { HireLine } from '#domain/contracts/schedule'
import { DEFAULT_LEAD_MONTHS, hireQueue } from '#domain/schedule/capacity'
import type { Plans } from './load'

/** Lines of the same date and need by project, role and cluster, so the list reads the same every time. */
export const queueOrder = (a: HireLine, b: HireLine) =>
  a.hireBy.localeCompare(b.hireBy) ||
  b.needed - a.needed ||
  a.project.name.localeCompare(b.project.name) ||
  a.role.name.localeCompare(b.role.name) ||
  a.clusterLabel.localeCompare(b.clusterLabel)

type Roles = ReadonlyMap<string, { name: string; leadMonths: number }>

/** The hire-by lines of some slots with roles, projects and clusters named, unsorted. */
export const namedLines = (plans: Pick<Plans, 'projectNames' | 'labelOf'>, roles: Roles, slots: Plans['slots'], today: string) =>
  hireQueue(slots, (roleId) => roles.get(roleId)?.leadMonths ?? DEFAULT_LEAD_MONTHS, today).map((line): HireLine => ({
    role: { _id: line.roleId, name: roles.get(line.roleId)?.name ?? '' },
    project: {
      _id: line.projectId,
      name: plans.projectNames.get(line.projectId) ?? '',
    },
    clusterLabel: plans.labelOf(line.clusterIds),
    needed: line.needed,
    hireBy: line.hireBy,
    daysLeft: line.daysLeft,
    startDate: line.start,
  }))

/** The hire-by queue of some slots, named and in order. */
export const namedQueue = (plans: Pick<Plans, 'projectNames' | 'labelOf'>, roles: Roles, slots: Plans['slots'], today: string) =>
  namedLines(plans, roles, slots, today).sort(queueOrder)
