import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { PERMISSIONS } from '#domain/constants'
import { parseEnv } from '#domain/env'
import { financialSchema, personalSchema, professionalSchema } from '#domain/profile'
import { openDatabase, type Executor } from '#api/db/client'
import { profiles, roleHistories, roles, users } from '#api/db/schema'
import { hashPassword } from '#api/auth/passwords'

/**
 * `npm run seed`: demo data, safe to run again (nothing is duplicated, nothing of yours is
 * overwritten). With the embedded database, stop the app first: one process holds it.
 */
const env = parseEnv(process.env)
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR })
await database.migrate()
const { db } = database
const now = new Date()

const email = env.SEED_ADMIN_EMAIL.toLowerCase()
const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
if (existing && !env.SEED_ADMIN_PASSWORD) {
  console.log(`Administrator ${email} already exists; its password is unchanged.`)
} else {
  const password = env.SEED_ADMIN_PASSWORD ?? `${randomBytes(9).toString('base64url')}7@a`
  const [adminRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Admin'))
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
  await db.insert(users).values(values).onConflictDoUpdate({ target: users.email, set: values })
  console.log(`Administrator: sign in at ${env.PUBLIC_URL}/login as ${email} with password ${password}`)
}

const [administrator] = await db.select().from(users).where(eq(users.email, email))
await seedDemoUsers(db, administrator)

await database.close()

/**
 * Demo employees for the administration screens: every work location (and a few without one,
 * shown as 'Unassigned'), every starter role and plain users, some inactive, with role history.
 * Only accounts whose email is not taken yet are made, with their profile and history.
 */
async function seedDemoUsers(db: Executor, admin: typeof users.$inferSelect) {
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

  const taken = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, people.map(([name]) => emailOf(name))))).map((row) => row.email),
  )
  const fresh = people.map((person, index) => ({ person, index })).filter(({ person }) => !taken.has(emailOf(person[0])))
  if (fresh.length === 0) {
    console.log(`Demo users: all ${people.length} already exist; nothing added.`)
    return
  }

  const roleRows = await db.select().from(roles)
  const roleNamed = (name: Role) => roleRows.find((role) => role.name === name) ?? null
  const DAY = 24 * 60 * 60_000
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')

  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        fresh.map(({ person: [name, role, , , status], index }) => {
          const granted = role === 'User' ? null : roleNamed(role)
          return {
            email: emailOf(name),
            passwordHash,
            emailVerifiedAt: now,
            status: status ?? ('Active' as const),
            role: granted?.name ?? 'User',
            roleId: granted?.id ?? null,
            permissions: granted?.permissions ?? [],
            fullName: name,
            // Spread over the past year, newest first in the list.
            createdAt: new Date(now.getTime() - (people.length - index) * 9 * DAY),
          }
        }),
      )
      .onConflictDoNothing({ target: users.email })
      .returning()
    const byEmail = new Map(created.map((user) => [user.email, user]))

    const profileRows: (typeof profiles.$inferInsert)[] = []
    const historyRows: (typeof roleHistories.$inferInsert)[] = []
    for (const { person, index } of fresh) {
      const [name, role, workLocation, designation, , earlierRole] = person
      const user = byEmail.get(emailOf(name))
      if (!user) continue // Made by someone else between the check and the insert.
      const [first, ...rest] = name.split(' ')
      const last = rest.join(' ')
      // The job role picked on the profile form: plain users picked one too, which granted nothing.
      const jobRole = roleNamed(role === 'User' ? (index % 2 ? 'Developer' : 'Engineer') : role)
      const previousExperience = index % 7
      const asblExperience = 1 + (index % 5)
      const joined = new Date(user.createdAt.getTime() - 30 * DAY)
      profileRows.push({
        userId: user.id,
        jobRoleId: jobRole?.id ?? null,
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
          role: jobRole?.name ?? null,
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
        updatedAt: user.createdAt,
      })

      // The administrator's grants, as PUT /form/profile would have recorded them.
      if (role === 'User') continue
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
    if (profileRows.length) await tx.insert(profiles).values(profileRows).onConflictDoNothing({ target: profiles.userId })
    if (historyRows.length) await tx.insert(roleHistories).values(historyRows)
    console.log(
      `Demo users: ${created.length} added (${profileRows.length} profiles, ${historyRows.length} role changes), ${people.length - created.length} already there. ` +
        `Each signs in with password ${DEMO_PASSWORD}, e.g. ${emailOf(people[0][0])}.`,
    )
  })
}
