import { randomBytes } from 'node:crypto'
import { PERMISSIONS, USER_LIST_LIMIT } from '#domain/constants'
import { parseEnv } from '#domain/env'
import { financialSchema, personalSchema, professionalSchema } from '#domain/profile'
import type { ClusterList } from '#domain/planning/cluster-list'
import { planningCreateSchema, planningGroupsSchema, templateSaveSchema } from '#domain/planning/schemas'
import { isSite, plannedSources, taggingRequirement } from '#domain/planning/project-plan'
import { instanceSaveSchema, siteOverrideSchema } from '#domain/planning/project-schemas'
import { conflicts, type Assignment } from '#domain/schedule/assignments'
import { addDays, intersection, overlaps, type Range } from '#domain/schedule/calendar'
import type { Slot } from '#domain/schedule/capacity'
import { itemKey } from '#domain/schedule/slots'
import { openDatabase, type Executor } from '#api/db/client'
import { transaction } from '#api/context'
import { sameName } from '#api/names'
import type { ChangeCheck } from '#api/change-check'
import { hashPassword } from '#api/auth/passwords'
import { accountByEmail, createUser, createUsers, updateUser, type Account } from '#api/users/store'
import { listUsers } from '#api/users/list'
import { addRoleHistory, type RoleHistoryRow } from '#api/users/assign-role'
import { writeProfile } from '#api/profiles/store'
import { listRoles } from '#api/roles/read'
import { setLeadMonths } from '#api/roles/store'
import { createCategory, listCategories } from '#api/catalog/categories'
import { createEntity, listEntities } from '#api/catalog/entities'
import { createCluster, listClusters } from '#api/planning/clusters'
import { createPlanning, loadPlannings, regroupPlanning } from '#api/planning/plannings'
import { saveTemplate } from '#api/planning/templates'
import { createProject, listProjects } from '#api/projects/project'
import { saveCard } from '#api/projects/instances'
import { replaceMapping } from '#api/projects/mappings'
import { loadCardItems, loadCards, templateHasItems } from '#api/projects/plan'
import { loadSiteOverrides, saveOverride } from '#api/projects/timelines'
import { loadPlans } from '#api/schedule/load'
import { anyLeave, recordLeave } from '#api/schedule/leave'

/**
 * `npm run seed`: demo data, safe to run again (nothing is duplicated, nothing of yours is
 * overwritten). With the embedded database, stop the app first: one process holds it.
 *
 * Every row is read and written through the stores of its area, as the system, so each write is on
 * record in the audit log like any other: the script itself holds no query
 * (tests/unit/route-files.test.ts).
 */
const env = parseEnv(process.env)
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR })
await database.migrate()
const { db } = database
const now = new Date()
/**
 * The plan's dates are days from the day of the first run, so a fresh install shows a
 * live plan: clusters from five months ago to a year ahead, hires late and due, conflicts to come,
 * leave and a hand-over. A later run adds nothing, so dates already there do not move.
 */
const today = now.toISOString().slice(0, 10)
const fromToday = (days: number) => addDays(today, days)
// The seed writes as the installation itself, not as a person: none of its saves is refused for a permission.
const SEEDING: ChangeCheck = () => {}
/** The row with the same name as `name` as the stores compare names (#api/names), if any. */
const named = <Row extends { name: string }>(rows: readonly Row[], name: string) => rows.find((row) => sameName(row.name, name))

const email = env.SEED_ADMIN_EMAIL.toLowerCase()
const existing = await accountByEmail(db, email)
if (existing && !env.SEED_ADMIN_PASSWORD) {
  console.log(`Administrator ${email} already exists; its password is unchanged.`)
} else {
  const password = env.SEED_ADMIN_PASSWORD ?? `${randomBytes(9).toString('base64url')}7@a`
  const adminRole = (await listRoles(db)).find((role) => role.name === 'Admin')
  const values = {
    email,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: now,
    status: 'Active' as const,
    role: 'Admin',
    roleId: adminRole?.id ?? null,
    permissions: [...PERMISSIONS],
    fullName: 'Portal Administrator',
    createdAt: now,
  }
  // One write path for accounts, as for everyone's: made, or its password set again, by the system, on record.
  await transaction({ db, actor: 'system' as const, now }, async (system) => {
    const tx = system.db
    const account = await accountByEmail(tx, email, { lock: true })
    if (account) await updateUser(system, account, values)
    else await createUser(system, values)
  })
  console.log(`Administrator: sign in at ${env.PUBLIC_URL}/login as ${email} with password ${password}`)
}

const administrator = (await accountByEmail(db, email))!
await seedDemoUsers(db, administrator)
await seedPlanning(db)
await seedProjects(db)
await seedPeopleOverTime(db)

await database.close()

/**
 * The accounts at example.com (the demo's, and the default administrator), by name as the tagging
 * picks them: one page of the user list, enough for the demo.
 */
async function exampleAccounts(db: Executor) {
  const { users } = await listUsers(db, { q: '@example.com', limit: USER_LIST_LIMIT, offset: 0 })
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return users.filter((user) => user.email.endsWith('@example.com')).sort((a, b) => byText(a.fullName ?? '', b.fullName ?? '') || byText(a._id, b._id))
}

/** The demo's people: the accounts at example.com but the seed's administrator. */
async function demoPeople(db: Executor) {
  return (await exampleAccounts(db)).filter((user) => user.email !== email)
}

/**
 * Demo employees for the administration screens: every work location (and a few without one,
 * shown as 'Unassigned'), every starter role and plain users, some inactive, with role history.
 * Only accounts whose email is not taken yet are made, with their profile and history.
 */
async function seedDemoUsers(db: Executor, admin: Account) {
  // One password for every demo account, printed below: these are demonstration accounts.
  const DEMO_PASSWORD = 'Demo@2026'
  type Role = 'Developer' | 'Engineer' | 'PMO' | 'Admin' | 'User'
  type Location = 'Admin' | 'Site' | 'Head Office' | 'Hyderabad Plant' | 'Remote' | null
  // name, account role, work location, designation, [status], [earlier role, when the role was changed twice]
  const people: [string, Role, Location, string, ('Inactive' | null)?, Role?][] = [
    ['Asha Rao', 'Developer', 'Hyderabad Plant', 'Software Engineer'],
    ['Vikram Singh', 'Engineer', 'Site', 'Site Engineer'],
    ['Priya Nair', 'PMO', 'Head Office', 'Project Manager'],
    ['Rahul Verma', 'Developer', 'Remote', 'Senior Developer'],
    ['Meera Iyer', 'Engineer', 'Hyderabad Plant', 'Process Engineer', null, 'Developer'],
    ['Arjun Reddy', 'Admin', 'Admin', 'IT Administrator'],
    ['Kavya Menon', 'User', 'Head Office', 'HR Executive'],
    ['Sanjay Gupta', 'Engineer', 'Site', 'Civil Engineer', 'Inactive'],
    ['Neha Sharma', 'PMO', 'Head Office', 'Program Coordinator'],
    ['Rohit Kumar', 'Developer', 'Hyderabad Plant', 'Automation Developer'],
    ['Divya Pillai', 'User', null, 'Trainee'],
    ['Anil Joshi', 'Engineer', 'Site', 'Electrical Engineer'],
    ['Sneha Kulkarni', 'Developer', 'Remote', 'Frontend Developer'],
    ['Karthik Subramanian', 'Engineer', 'Hyderabad Plant', 'Mechanical Engineer'],
    ['Pooja Desai', 'PMO', 'Admin', 'PMO Analyst'],
    ['Manoj Patil', 'User', 'Site', 'Site Supervisor'],
    ['Lakshmi Krishnan', 'Developer', 'Head Office', 'Data Analyst'],
    ['Suresh Babu', 'Engineer', 'Site', 'Safety Engineer'],
    ['Ananya Das', 'User', 'Remote', 'Technical Writer', 'Inactive'],
    ['Farhan Qureshi', 'Developer', 'Hyderabad Plant', 'Backend Developer'],
    ['Ritu Malhotra', 'PMO', 'Head Office', 'Portfolio Manager', null, 'Engineer'],
    ['Deepak Yadav', 'Engineer', 'Site', 'Quantity Surveyor'],
    ['Swati Mishra', 'User', null, 'Intern'],
    ['Imran Sheikh', 'Engineer', 'Hyderabad Plant', 'Maintenance Engineer'],
    ['Nikhil Bhat', 'Developer', 'Remote', 'Mobile Developer'],
    ['Gayatri Rao', 'Admin', 'Admin', 'Office Administrator'],
    ['Harish Chandra', 'Engineer', 'Site', 'Structural Engineer'],
    ['Fatima Khan', 'User', 'Head Office', 'Accounts Executive'],
    ['Varun Kapoor', 'Developer', 'Hyderabad Plant', 'QA Engineer', 'Inactive'],
    ['Shalini Ghosh', 'PMO', 'Remote', 'Scrum Master'],
    ['Ajay Thakur', 'Engineer', 'Site', 'Site Engineer'],
    ['Bhavana Reddy', 'User', null, 'Graduate Trainee'],
    ['Naveen Chowdary', 'Developer', 'Head Office', 'DevOps Engineer'],
    ['Ishita Banerjee', 'Engineer', 'Hyderabad Plant', 'Quality Engineer'],
    ['Tarun Mehta', 'User', 'Site', 'Storekeeper'],
    ['Zoya Ali', 'PMO', 'Admin', 'Resource Planner'],
  ]
  const emailOf = (name: string) => `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`

  const taken = new Set((await exampleAccounts(db)).map((user) => user.email))
  const fresh = people.map((person, index) => ({ person, index })).filter(({ person }) => !taken.has(emailOf(person[0])))
  if (fresh.length === 0) {
    console.log(`Demo users: all ${people.length} already exist; nothing added.`)
    return
  }

  const roleRows = await listRoles(db)
  const roleNamed = (name: Role) => roleRows.find((role) => role.name === name) ?? null
  const selfPicked = (role: Role, index: number) => (role === 'User' && index % 2 ? roleNamed(index % 4 === 1 ? 'Developer' : 'Engineer') : null)
  const DAY = 24 * 60 * 60_000
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')

  await transaction({ db, actor: 'system' as const, now }, async (system) => {
    const tx = system.db
    // Made by the system, each with its 'created' entry in the audit log.
    const created = await createUsers(
      system,
      fresh.map(({ person: [name, role, , , status], index }) => {
        const granted = role === 'User' ? null : roleNamed(role)
        // Plain users: every other one picked a role on their profile, which grants nothing.
        const held = granted ?? selfPicked(role, index)
        return {
          email: emailOf(name),
          passwordHash,
          emailVerifiedAt: now,
          status: status ?? ('Active' as const),
          role: held?.name ?? 'User',
          roleId: held?.id ?? null,
          permissions: granted?.permissions ?? [],
          fullName: name,
          // Spread over the past year, newest first in the list.
          createdAt: new Date(now.getTime() - (people.length - index) * 9 * DAY),
        }
      }),
    )
    const byEmail = new Map(created.map((user) => [user.email, user]))

    let profilesAdded = 0
    const historyRows: RoleHistoryRow[] = []
    for (const { person, index } of fresh) {
      const [name, role, workLocation, designation, , earlierRole] = person
      const user = byEmail.get(emailOf(name))
      if (!user) continue // Made by someone else between the check and the insert.
      const [first, ...rest] = name.split(' ')
      const last = rest.join(' ')
      const held = role === 'User' ? selfPicked(role, index) : roleNamed(role)
      const previousExperience = index % 7
      const asblExperience = 1 + (index % 5)
      const joined = new Date(user.createdAt.getTime() - 30 * DAY)
      // Written as the profile form writes it, each on record.
      await writeProfile(system, user.id, {
        personal: personalSchema.parse({
          name,
          dob: `${1980 + (index % 20)}-${pad(1 + (index % 12))}-${pad(1 + ((index * 7) % 28))}`,
          phone: `+91 98${pad(index, 3)} ${pad(10000 + index * 137, 5)}`,
          email: `${first.toLowerCase()}.personal@example.org`,
          qualification: ['B.Tech', 'M.Tech', 'MBA', 'B.Sc', 'Diploma', 'B.Com'][index % 6],
          maritalStatus: ['Single', 'Married'][index % 2],
          bloodGroup: ['A+', 'B+', 'O+', 'AB+', 'A-', 'O-', 'B-', 'AB-'][index % 8],
          fatherName: `Mr. ${last}`,
          fatherOccupation: ['Teacher', 'Engineer', 'Farmer', 'Retired'][index % 4],
          motherName: `Mrs. ${last}`,
          motherOccupation: ['Homemaker', 'Doctor', 'Teacher', 'Nurse'][index % 4],
          siblings: index % 3 ? 'One sibling' : null,
        }),
        professional: professionalSchema.parse({
          employId: `EMP-${1001 + index}`,
          designation,
          workLocation,
          asblExperience,
          previousExperience,
          totalExperience: asblExperience + previousExperience,
          reportingManager: role === 'PMO' || role === 'Admin' ? admin.fullName : 'Priya Nair',
          dateOfJoining: joined.toISOString().slice(0, 10),
          dateOfLeaving: null,
          previousEmployer: previousExperience ? ['Acme Infra', 'Globex', 'Initech', 'Umbrella Works'][index % 4] : null,
          previousDesignation: previousExperience ? 'Associate' : null,
        }),
        financial: financialSchema.parse({ previousOrgSalary: previousExperience ? 300000 + index * 25000 : 0, currency: 'INR' }),
      })
      profilesAdded++

      // Their own pick, as POST /form/submit records it, or the administrator's grants, as PUT /form/profile does.
      if (role === 'User') {
        if (held) historyRows.push({ userId: user.id, initialRoleId: null, initialRoleName: 'User', newRoleId: held.id, newRoleName: held.name, updatedById: user.id, updatedByName: name, updatedAt: user.createdAt })
        continue
      }
      const granted = roleNamed(role)
      const steps: [Role, Role][] = earlierRole ? [['User', earlierRole], [earlierRole, role]] : [['User', role]]
      steps.forEach(([from, to], step) => {
        historyRows.push({
          userId: user.id,
          initialRoleId: from === 'User' ? null : (roleNamed(from)?.id ?? null),
          initialRoleName: from,
          newRoleId: to === role ? (granted?.id ?? null) : (roleNamed(to)?.id ?? null),
          newRoleName: to,
          updatedById: admin.id,
          updatedByName: admin.fullName ?? admin.email,
          updatedAt: new Date(user.createdAt.getTime() + (step + 1) * 2 * DAY + index * 60_000),
        })
      })
    }
    // Role History is itself the record of these changes, dated when they happened (#api/users/assign-role).
    await addRoleHistory(tx, historyRows)
    console.log(
      `Demo users: ${created.length} added (${profilesAdded} profiles, ${historyRows.length} role changes), ${people.length - created.length} already there. ` +
        `Each signs in with password ${DEMO_PASSWORD}, e.g. ${emailOf(people[0][0])}.`,
    )
  })
}

/**
 * Demo planning data: two categories with their entity types and clusters (a construction
 * sequence, with descriptions and some dates), planning types of the starter roles, templates
 * with planned people and interchanges, and three projects. What exists (by name, as the stores
 * compare names) is left as it is; planning types and templates are only made together, the first time, so
 * an administrator's regrouping or template is never overwritten.
 */
async function seedPlanning(db: Executor) {
  // start and end: days from today.
  type ClusterSeed = [name: string, description: string, start?: number, end?: number]
  const catalog: Record<string, Record<string, ClusterSeed[]>> = {
    Residential: {
      Site: [
        ['Mobilisation', 'Site office, labour camp, fencing and temporary power.', -150, -124],
        ['Site Clearance', 'Clearing, grubbing and levelling of the plot.', -140, -105],
        ['Temporary Works', 'Access roads, hoardings, shoring and dewatering.', -120, -75],
        ['External Services', 'Sewer, storm water, water supply and power mains.'],
        ['Landscaping', 'Hardscape, softscape and irrigation of the common areas.'],
      ],
      Tower: [
        ['Excavation', 'Bulk excavation to basement level, with shoring and dewatering.', -75, 20],
        ['Foundation', 'Pile caps, raft foundation and waterproofing.', 10, 70],
        ['Plinth', 'Plinth beams, backfilling and the ground-floor slab.', 55, 95],
        ['Superstructure', 'Columns, beams and slabs, floor by floor.', 80, 365],
        ['Blockwork', 'Internal and external masonry walls.'],
        ['MEP rough-in', 'Conduits, plumbing risers and HVAC ducts before plastering.'],
        ['Facade', 'External plaster, glazing and cladding.'],
        ['Finishing', 'Plastering, flooring, painting and joinery.'],
      ],
      Villa: [
        ['Foundation', 'Isolated footings, plinth beams and the ground slab.', 30, 75],
        ['Superstructure', 'Load-bearing walls, columns and the roof slab.'],
        ['Roofing', 'Roof waterproofing, insulation and tiles.'],
        ['Finishing', 'Flooring, painting, doors and windows.'],
      ],
    },
    Commercial: {
      Site: [
        ['Mobilisation', 'Site office, hoardings and temporary utilities.', 20, 50],
        ['Utilities', 'Power substation, water and sewer connections.'],
      ],
      'Office Block': [
        ['Excavation', 'Excavation for two basement levels with secant piling.', 20, 110],
        ['Basement', 'Retaining walls, basement slabs and ramps.', 111, 200],
        ['Superstructure', 'Post-tensioned slabs and the core walls.'],
        ['Curtain Wall', 'Unitised glazing and the facade.'],
        ['MEP rough-in', 'Risers, cable trays, sprinklers and HVAC ducts.'],
        ['Fit-out', 'Raised floors, false ceilings and workstations.'],
      ],
    },
  }
  // Cluster names, or lists of names for a group planned together.
  type Names = (string | string[])[]
  type PlanningSeed = { category: string; entity: string; typeName: string; roles: Record<string, Names> }
  const planningSeeds: PlanningSeed[] = [
    {
      category: 'Residential',
      entity: 'Tower',
      typeName: 'Tower Standard',
      roles: {
        Engineer: ['Excavation', ['Foundation', 'Plinth'], 'Superstructure'],
        Developer: ['MEP rough-in', 'Finishing'],
        PMO: ['Blockwork', 'Facade', 'Finishing'],
      },
    },
    { category: 'Residential', entity: 'Villa', typeName: 'Villa Standard', roles: { Engineer: ['Foundation', 'Superstructure', 'Roofing'], PMO: ['Finishing'] } },
    {
      category: 'Residential',
      entity: 'Site',
      typeName: 'Site Setup',
      roles: { Engineer: ['Mobilisation', 'Site Clearance', 'Temporary Works'], PMO: [['External Services', 'Landscaping']] },
    },
    {
      category: 'Commercial',
      entity: 'Office Block',
      typeName: 'Office Core',
      roles: {
        Engineer: ['Excavation', 'Basement', 'Superstructure'],
        Developer: ['MEP rough-in', 'Fit-out'],
        PMO: ['Curtain Wall', 'Fit-out'],
      },
    },
  ]
  // Per planning type: role -> [cluster name(s), planned people, interchanges [people, entity, cluster]].
  type ItemSeed = [cluster: string | string[], planned: number, interchanges?: [number, string, string][]]
  const templateSeeds: Record<string, Record<string, ItemSeed[]>> = {
    'Tower Standard': {
      Engineer: [
        ['Excavation', 6, [[2, 'Site', 'Site Clearance']]],
        [['Foundation', 'Plinth'], 10],
        ['Superstructure', 14, [[3, 'Site', 'Temporary Works']]],
      ],
      Developer: [['MEP rough-in', 4], ['Finishing', 3]],
      PMO: [['Blockwork', 2], ['Facade', 1], ['Finishing', 2]],
    },
    'Site Setup': {
      Engineer: [['Mobilisation', 3], ['Site Clearance', 5], ['Temporary Works', 4]],
      PMO: [[['External Services', 'Landscaping'], 2]],
    },
    'Office Core': {
      Engineer: [['Excavation', 5, [[1, 'Site', 'Mobilisation']]], ['Basement', 8], ['Superstructure', 12]],
      Developer: [['MEP rough-in', 6, [[2, 'Site', 'Utilities']]], ['Fit-out', 5]],
      PMO: [['Curtain Wall', 2], ['Fit-out', 1]],
    },
  }
  const projectSeeds: [name: string, globalCategory: string | null][] = [
    ['Skyline Towers', 'Residential'],
    ['Greenfield Villas', null],
    ['Harbour Business Park', null],
  ]

  const now = new Date()
  const added = { categories: 0, entities: 0, clusters: 0, projects: 0, plannings: 0, templates: 0 }

  await transaction({ db, actor: 'system' as const, now }, async (system) => {
    const tx = system.db
    // What exists is found by name as the stores compare names (#api/names), and left as it is.
    const categoryRows = await listCategories(tx, null)
    for (const name of Object.keys(catalog)) {
      if (named(categoryRows, name)) continue
      categoryRows.push(await createCategory(system, name))
      added.categories++
    }
    const categoryId = (name: string) => named(categoryRows, name)!._id

    const entityRows = await listEntities(tx, null)
    const entityOf = (category: string, name: string) => named(entityRows.filter((row) => row.categoryId === categoryId(category)), name)
    for (const [category, types] of Object.entries(catalog)) {
      for (const name of Object.keys(types)) {
        if (entityOf(category, name)) continue
        entityRows.push(await createEntity(system, { name, categoryId: categoryId(category) }))
        added.entities++
      }
    }

    // One millisecond apart, so they list in the order of the construction sequence.
    let order = 0
    const clusterRows = await listClusters(tx, {})
    const clusterOf = (entityId: string, name: string) => named(clusterRows.filter((row) => row.entityType === entityId), name)
    for (const [category, types] of Object.entries(catalog)) {
      for (const [entity, seeds] of Object.entries(types)) {
        for (const [name, description, startDate, endDate] of seeds) {
          const createdAt = new Date(now.getTime() + order++)
          const entityId = entityOf(category, entity)!._id
          if (clusterOf(entityId, name)) continue
          const dates = { startDate: startDate === undefined ? null : fromToday(startDate), endDate: endDate === undefined ? null : fromToday(endDate) }
          clusterRows.push(await createCluster({ db: tx, actor: 'system', now: createdAt }, { category: categoryId(category), entityType: entityId, name, description, ...dates }))
          added.clusters++
        }
      }
    }
    const clusterId = (entityId: string, name: string) => {
      const row = clusterOf(entityId, name)
      if (!row) throw new Error(`seed: no cluster ${name}`)
      return row._id
    }

    const projectRows = await listProjects(tx)
    for (const [name, global] of projectSeeds) {
      if (named(projectRows, name)) continue
      await createProject(system, { name, globalCategory: global ? categoryId(global) : null })
      added.projects++
    }

    const roleRows = await listRoles(tx)
    const roleIdOf = (name: string) => {
      const role = roleRows.find((row) => row.name === name)
      if (!role) throw new Error(`seed: no role ${name}`)
      return role.id
    }

    const planningRows = (await loadPlannings(tx)).map((row) => ({ ...row, name: row.typeName }))
    for (const seed of planningSeeds) {
      const entity = entityOf(seed.category, seed.entity)!
      const ids = (names: Names): ClusterList => names.map((entry) => (Array.isArray(entry) ? entry.map((name) => clusterId(entity._id, name)) : clusterId(entity._id, entry)))
      const roleClusters = Object.entries(seed.roles).map(([role, names]) => ({ roleId: roleIdOf(role), clusters: ids(names) }))
      const createdAt = new Date(now.getTime() + order++)
      if (named(planningRows.filter((row) => row.entityId._id === entity._id), seed.typeName)) continue

      // As the Planning screen makes it: its roles' clusters, then each role's groups (Group Clusters).
      const input = planningCreateSchema.parse({ categoryId: entity.categoryId, entityId: entity._id, typeName: seed.typeName, roleClusters: roleClusters.map((r) => ({ ...r, clusters: r.clusters.flat() })) })
      const created = await createPlanning({ db: tx, actor: 'system', now: createdAt }, input)
      for (const role of roleClusters) {
        if (role.clusters.some(Array.isArray)) await regroupPlanning({ db: tx, actor: 'system', now: createdAt }, created._id, planningGroupsSchema.parse({ roleId: role.roleId, groups: role.clusters }))
      }
      added.plannings++

      const template = templateSeeds[seed.typeName]
      if (!template) continue
      const payload = templateSaveSchema.parse({
        categoryId: entity.categoryId,
        entityId: entity._id,
        planningId: created._id,
        roleClusters: Object.entries(template).map(([role, items]) => ({
          roleId: roleIdOf(role),
          clusters: items.map(([cluster, plannedPeople, interchanges = []]) => ({
            clusterId: ids([cluster]).flat(),
            plannedPeople,
            isInterchange: interchanges.length > 0,
            interchanges: interchanges.map(([people, fromEntity, fromCluster]) => {
              const source = entityOf(seed.category, fromEntity)!
              return { interchangePeople: people, interchangeFrom: { entityId: source._id, clusterId: clusterId(source._id, fromCluster) } }
            }),
          })),
        })),
      })
      await saveTemplate(system, payload, SEEDING)
      added.templates++
    }
  })

  const total = Object.values(added).reduce((sum, n) => sum + n, 0)
  console.log(
    total === 0
      ? 'Planning data: all already there; nothing added.'
      : `Planning data: ${added.categories} categories, ${added.entities} entity types, ${added.clusters} clusters, ${added.projects} projects, ` +
          `${added.plannings} planning types and ${added.templates} templates added.`,
  )
}

/**
 * Demo project plans for the four project screens: cards with named instances on the seeded
 * templates, some demo users tagged within each row's tagging requirement, and a few Site date
 * overrides. A card that exists (whatever its instances) is left as it is, and users are tagged
 * only on the cards made by this run, so an administrator's plan and tagging are never touched.
 * What the seed cannot find any more (a project, type or template deleted or renamed) is skipped.
 */
async function seedProjects(db: Executor) {
  // project, category, entity type, planning type, instance names
  type CardSeed = [project: string, category: string, entity: string, typeName: string, names: string[]]
  const cardSeeds: CardSeed[] = [
    // Site first: the towers' interchanges from Site clusters are then inside the plan.
    ['Skyline Towers', 'Residential', 'Site', 'Site Setup', ['Skyline Site']],
    ['Skyline Towers', 'Residential', 'Tower', 'Tower Standard', ['Tower A', 'Tower B', 'Tower C']],
    ['Greenfield Villas', 'Residential', 'Site', 'Site Setup', ['Villa Site']],
    // Office Core's interchanges come from Commercial Site clusters no card plans: outside interchange.
    ['Harbour Business Park', 'Commercial', 'Office Block', 'Office Core', ['Block 1', 'Block 2']],
  ]
  // project, category, Site cluster, start, end (days from today): a project's own dates over the cluster's.
  const overrideSeeds: [project: string, category: string, cluster: string, start: number, end: number][] = [
    ['Skyline Towers', 'Residential', 'Mobilisation', -143, -118],
    ['Skyline Towers', 'Residential', 'External Services', 30, 90],
    ['Greenfield Villas', 'Residential', 'Mobilisation', 10, 35],
  ]

  const now = new Date()
  const added = { cards: 0, instances: 0, tags: 0, overrides: 0 }
  let skipped = 0

  await transaction({ db, actor: 'system' as const, now }, async (system) => {
    const tx = system.db
    const projectRows = await listProjects(tx)
    const categoryRows = await listCategories(tx, null)
    const entityRows = await listEntities(tx, null)
    const planningRows = (await loadPlannings(tx)).map((row) => ({ ...row, name: row.typeName }))
    const entityNamed = (categoryId: string, name: string) => named(entityRows.filter((row) => row.categoryId === categoryId), name)

    const madeCards: { projectId: string; cardId: string }[] = []
    for (const [projectName, categoryName, entityName, typeName, names] of cardSeeds) {
      const project = named(projectRows, projectName)
      const category = named(categoryRows, categoryName)
      const entity = category && entityNamed(category._id, entityName)
      const planning = entity && named(planningRows.filter((row) => row.entityId._id === entity._id), typeName)
      // The same refusals as POST /api/project-resource-instances, met by skipping rather than failing.
      const plannable =
        project &&
        category &&
        entity &&
        planning &&
        (!project.globalCategory || project.globalCategory._id === category._id) &&
        (await templateHasItems(tx, { categoryId: category._id, entityId: entity._id, planningId: planning._id }))
      if (!plannable) {
        skipped++
        continue
      }
      const combo = { projectId: project._id, categoryId: category._id, entityId: entity._id, typeId: planning._id }
      const cards = await loadCards(tx, [project._id])
      if (cards.some((card) => card.categoryId === combo.categoryId && card.entityId === combo.entityId && card.typeId === combo.typeId)) continue
      const { card } = await saveCard({ db: tx, actor: 'system', now: new Date(now.getTime() + added.cards) }, instanceSaveSchema.parse({ ...combo, number: names.length, names }), SEEDING)
      madeCards.push({ projectId: project._id, cardId: card._id })
      added.cards++
      added.instances += card.number
    }

    // Tags: demo users of the row's role, a few per row, never past the tagging requirement
    // (remaining plus outside interchange, spec/administration-planning.md §5); the last instance of a card of several is left
    // untagged and some rows only partly filled, so "Yet to Be Recruited" has something to count.
    if (madeCards.length) {
      const pool = (await demoPeople(tx)).filter((user) => user.status === 'Active')
      const next = new Map<string, number>()
      const pick = (roleName: string, count: number) => {
        const candidates = pool.filter((user) => user.role === roleName)
        const start = next.get(roleName) ?? 0
        const chosen = Array.from({ length: Math.min(count, candidates.length) }, (_, i) => candidates[(start + i) % candidates.length]._id)
        next.set(roleName, start + chosen.length)
        return chosen
      }

      let row = 0
      for (const projectId of new Set(madeCards.map((made) => made.projectId))) {
        // The project's whole plan (cards made earlier included) decides what is "outside".
        const cards = await loadCards(tx, [projectId])
        const items = await loadCardItems(tx, cards.map((card) => card._id))
        const inPlan = plannedSources(cards.map((card) => ({ entityId: card.entityId, items: (items.get(card._id) ?? []).map((entry) => entry.item) })))
        for (const made of madeCards.filter((card) => card.projectId === projectId)) {
          // Its instances in their order.
          const own = cards.find((card) => card._id === made.cardId)!.names
          const tagged = own.length > 1 ? own.slice(0, -1) : own
          for (const instance of tagged) {
            for (const entry of items.get(made.cardId) ?? []) {
              const cap = taggingRequirement(entry.item, inPlan).total
              const userIds = pick(entry.roleName, Math.min(cap, 1 + (row++ % 3)))
              if (userIds.length === 0) continue
              await replaceMapping(system, { projectId, projectEntityId: instance._id, roleId: entry.roleId, clusterIds: [...entry.item.clusterIds], userIds }, SEEDING)
              added.tags += userIds.length * entry.item.clusterIds.length
            }
          }
        }
      }
    }

    const clusterRows = await listClusters(tx, {})
    for (const [projectName, categoryName, clusterName, startDate, endDate] of overrideSeeds) {
      const project = named(projectRows, projectName)
      const category = named(categoryRows, categoryName)
      const site = category && entityRows.find((row) => row.categoryId === category._id && isSite(row.name))
      const cluster = site && named(clusterRows.filter((row) => row.entityType === site._id), clusterName)
      if (!project || !site || !cluster) {
        skipped++
        continue
      }
      // Nothing is written over dates the project already has for this cluster.
      const had = await loadSiteOverrides(tx, { projectId: project._id, entityId: site._id })
      if (had.some((row) => row.clusterId === cluster._id)) continue
      const input = siteOverrideSchema.parse({ projectId: project._id, categoryId: site.categoryId, entityId: site._id, clusterId: cluster._id, startDate: fromToday(startDate), endDate: fromToday(endDate) })
      await saveOverride(system, input)
      added.overrides++
    }
  })

  const total = Object.values(added).reduce((sum, n) => sum + n, 0)
  const skippedNote = skipped ? ` (${skipped} skipped: their project, type, template or cluster is gone or renamed)` : ''
  console.log(
    total === 0
      ? `Project plans: all already there; nothing added${skippedNote}.`
      : `Project plans: ${added.cards} cards with ${added.instances} instances, ${added.tags} user tags and ${added.overrides} Site date overrides added${skippedNote}.`,
  )
}

/**
 * People over time, so its screens have something real to show: lead times for two
 * starter roles, two people double-booked across projects from a day still ahead, one hand-over,
 * and leave, some of it during an assignment. Only what is not there yet: a role whose lead time was changed
 * keeps it, and once any leave is recorded the bookings and leave are taken as seeded.
 */
async function seedPeopleOverTime(db: Executor) {
  const added = { leadTimes: 0, doubleBookings: 0, handOvers: 0, leave: 0 }
  await transaction({ db, actor: 'system' as const, now }, async (system) => {
    const tx = system.db
    // A role whose lead time someone changed keeps it.
    const roleRows = await listRoles(tx)
    for (const [name, leadMonths] of [['Engineer', 2], ['PMO', 3]] as const) {
      const role = roleRows.find((row) => row.name === name && row.leadMonths === 1)
      if (role && (await setLeadMonths(system, role.id, leadMonths))) added.leadTimes++
    }

    if (await anyLeave(tx)) return
    const plans = await loadPlans(tx, null)
    const demo = new Set((await demoPeople(tx)).map((user) => user._id))
    const dated = plans.assignments.filter((row): row is Assignment & { dates: Range } => row.dates !== null && demo.has(row.personId))
    const busy = new Set(conflicts(plans.assignments, []).keys())
    const hasRoom = (slot: Slot) => slot.dates !== null && slot.tagged < slot.requirement
    const book = async (slot: Slot, personId: string) => {
      const already = plans.assignments.filter((row) => row.instanceId === slot.instanceId && row.roleId === slot.roleId && itemKey(row.clusterIds) === slot.clusterKey).map((row) => row.personId)
      await replaceMapping(system, { projectId: slot.projectId, projectEntityId: slot.instanceId, roleId: slot.roleId, clusterIds: [...slot.clusterIds], userIds: [...already, personId] }, SEEDING)
      // The next booking on this slot keeps this one.
      plans.assignments.push({ id: '', personId, projectId: slot.projectId, instanceId: slot.instanceId, roleId: slot.roleId, clusterIds: slot.clusterIds, dates: slot.dates })
      slot.tagged++
      busy.add(personId)
    }
    const otherSlots = (assignment: Assignment) => plans.slots.filter((slot) => slot.projectId !== assignment.projectId && slot.roleId === assignment.roleId && hasRoom(slot))

    // Two people get a second booking, in another project, on a slot of their role whose dates
    // overlap theirs from a day still ahead: conflicts to come, not ones long over.
    for (const assignment of dated) {
      if (added.doubleBookings >= 2 || busy.has(assignment.personId)) continue
      const slot = otherSlots(assignment).find((candidate) => {
        const shared = intersection(candidate.dates!, assignment.dates)
        // More than one day: a single shared day is a hand-over, not a conflict.
        return shared !== null && shared.start > today && shared.start < shared.end
      })
      if (!slot) continue
      await book(slot, assignment.personId)
      added.doubleBookings++
    }

    let handedOver: string | null = null
    // One hand-over: someone whose assignment ends on the day a slot of their role in another
    // project starts, and who holds nothing else over that slot's dates.
    for (const assignment of dated) {
      if (busy.has(assignment.personId) || assignment.dates.end < today) continue
      const slot = otherSlots(assignment).find((candidate) => candidate.dates!.start === assignment.dates.end)
      const theirs = dated.filter((row) => row.personId === assignment.personId && row !== assignment)
      if (!slot || theirs.some((row) => overlaps(row.dates, slot.dates!))) continue
      await book(slot, assignment.personId)
      handedOver = assignment.personId
      added.handOvers++
      break
    }

    // Leave for three people busy now or soon: five days within one of their assignments, from a
    // week ahead at the earliest, and training a week after that assignment ends.
    // Not the one handing over, whose hand-over is then seen alone.
    const ahead = dated.filter((row) => row.dates.end >= fromToday(14) && row.personId !== handedOver)
    const people = [...new Set(ahead.map((row) => row.personId))].slice(0, 3)
    for (const [index, personId] of people.entries()) {
      const { start, end } = ahead.find((row) => row.personId === personId)!.dates
      const first = start > fromToday(7 + index * 6) ? start : fromToday(7 + index * 6)
      const periods = [
        { startDate: first, endDate: addDays(first, 4), note: 'Annual leave' },
        { startDate: addDays(end, 7), endDate: addDays(end, 11), note: 'Training' },
      ]
      // As the dashboard records it, on record; a period that would overlap one of theirs is refused there, and left out here.
      for (const period of periods) {
        if ('created' in (await recordLeave(system, { userId: personId, ...period }))) added.leave++
      }
    }
  })
  const total = Object.values(added).reduce((sum, n) => sum + n, 0)
  console.log(
    total === 0
      ? 'People over time: all already there; nothing added.'
      : `People over time: ${added.leadTimes} role lead times, ${added.doubleBookings} double bookings, ${added.handOvers} hand-overs and ${added.leave} leave periods added.`,
  )
}
