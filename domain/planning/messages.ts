import { END_BEFORE_START } from '../dates'

/** The planning texts and limits of the spec (spec/administration-planning.md §5, §8, §9), word for word. */
export const planningMessages = {
  typeNameRequired: 'Type name is required',
  clusterRequired: 'At least one cluster must be selected',
  clusterFieldsRequired: 'Please fill category, entity and cluster name',
  selectEntityFirst: 'Please select an entity first',
  selectCategoryAndEntityFirst: 'Please select category and entity first',
  interchangeFieldsRequired: 'Please fill all fields for each interchange.',
  interchangePeopleMin: 'Interchange people must be greater than 0.',
  interchangeExceedsPlanned: 'Total interchange people cannot exceed planned people.',
  selectTypeAndEntity: 'Please select both a planning type and an entity.',
  plannedPeopleRequired: 'Please enter planned people for at least one cluster.',
} as const

/** The Project Resource Planning texts of spec/administration-planning.md §2, §5 and §8, word for word. */
export const projectMessages = {
  fixedCategory: (name: string) => `Category fixed by project: ${name}`,
  alreadyAdded: 'This combination is already added.',
  selectAllFields: 'Please select all fields.',
  noData: 'No data found for this selection.',
  fillAllNames: 'Please fill all instance names for all cards.',
  unsavedChanges: 'You have unsaved changes. Save now?',
  saved: 'Saved successfully!',
  saveFailed: 'Error saving data.',
  noCards: 'No cards added yet.',
} as const

/** Messages of our own, where the spec is silent (docs/decisions.md, "Planning"). */
export const planningOwnMessages = {
  selectCategory: 'Please select a category.',
  groupsMustMatch: "Groups must use each of this role's clusters exactly once",
  roleRepeated: 'Each role can appear only once',
  clusterRepeated: 'Each cluster can appear only once per role',
  endBeforeStart: END_BEFORE_START,
  namesRepeated: 'Instance names must differ within a card',
  categoryFixed: 'This project plans only its own category',
  onlySite: 'Only the Site entity type has editable cluster dates',
} as const

/** How a cluster that no longer exists is labelled (spec/administration-planning.md §8). */
export const UNAVAILABLE_CLUSTER = '(Unavailable Cluster)'
/** The same for an entity type that no longer exists (our choice, mirroring the cluster label). */
export const UNAVAILABLE_ENTITY = '(Unavailable Entity)'
/** Joins the names of a cluster group into its one combined label. */
export const GROUP_LABEL_SEPARATOR = ' + '
/** Cluster description cache lifetime (spec/administration-planning.md §9: 5 minutes, keyed by the sorted id list). */
export const CLUSTER_DESCRIPTION_CACHE_SECONDS = 5 * 60
export const PLANNED_PEOPLE_MIN = 0
export const INTERCHANGE_PEOPLE_MIN = 1
/** Upper bounds of our own: a payload past them is a mistake or an attack, not a plan. */
export const PEOPLE_MAX = 100_000
export const NAME_MAX = 100
export const DESCRIPTION_MAX = 2000
export const ROLES_MAX = 100
export const CLUSTERS_MAX = 500
export const INTERCHANGES_MAX = 50
export const DESCRIPTION_IDS_MAX = 200
export const INSTANCES_MAX = 200
/** Cards one plan save may carry (and remove): far more than a project's combinations of category, entity and type. */
export const PLAN_CARDS_MAX = 500
export const USERS_PER_CLUSTER_MAX = 1000
