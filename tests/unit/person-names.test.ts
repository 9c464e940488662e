import { describe, expect, test } from 'vitest'
import { isSystemName, SYSTEM_ACTOR_LABEL } from '#domain/audit'
import type { AuditEntry } from '#domain/contracts/audit'
import { neutraliseCell } from '#domain/export'
import { personalSchema } from '#domain/profile'
import { shownText, startsLikeFormula } from '#domain/text'
import { actorText, personShown } from '#app/features/audit/present'
import { auditRows } from '#app/features/audit/workbook.server'

/** The rules of a person's name, and how the audit log names who made a change (domain/text.ts, domain/audit.ts, features/audit). */

const personal = (name: string) => personalSchema.safeParse({ name })
const messageOf = (name: string) => personal(name).error?.issues.map((issue) => issue.message)

describe('a spreadsheet formula is seen past what shows nothing', () => {
  test.each(['=1+2', '+1', '-1', '@SUM(A1)', ' =1', '\u200b=1', '\ufeff\u2060+1', '\u2800-1', '＝1+1', '＋1', '－1', '＠A1', '﹦1', '\u22121'])('%j opens like one', (value) => {
    expect(startsLikeFormula(value)).toBe(true)
    expect(neutraliseCell(value)).toBe(`'${value}`)
  })

  test.each(['Asha = Rao', 'Asha', '', '\u200b', '1+1', 'Ａsha'])('%j does not', (value) => {
    expect(startsLikeFormula(value)).toBe(false)
    expect(neutraliseCell(value)).toBe(value)
  })
})

describe("a person's own name", () => {
  test.each(['System', 'system', 'SYSTEM', ' System ', 'Ｓｙｓｔｅｍ', 'Sys\u200btem'])('%j is the system\'s, and refused', (name) => {
    expect(isSystemName(name)).toBe(true)
    expect(messageOf(name)).toEqual([`Full Name cannot be “${SYSTEM_ACTOR_LABEL}”: the audit log calls the portal's own changes so`])
  })

  test.each(['Systema', 'System Rao', 'Sy stem'])('%j is not the system\'s', (name) => {
    expect(isSystemName(name)).toBe(false)
    expect(personal(name).success).toBe(true)
  })

  test.each([
    ['Asha\u202eoaR', 'Full Name cannot contain control characters'],
    ['Asha\nRao', 'Full Name cannot contain control characters'],
    ['Asha\u2067Rao', 'Full Name cannot contain control characters'],
    ['=cmd', 'Full Name cannot start with =, +, - or @'],
    ['\u200b@cmd', 'Full Name cannot start with =, +, - or @'],
  ])('%j is refused: %s', (name, message) => {
    expect(messageOf(name)).toEqual([message])
  })

  test('is kept tidied, as every name is; only invisible characters is no name', () => {
    expect(personal('\u200b Asha Rao \ufeff').data?.name).toBe('Asha Rao')
    expect(personal('\u200b\u2060').data?.name).toBeNull()
  })
})

const entry = (actor: AuditEntry['actor'], over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: 'e1',
  at: '2026-03-10T06:30:00.000Z',
  actor,
  entityType: 'profile',
  entityId: 'u1',
  label: 'Tower B',
  action: 'changed',
  changes: [],
  subjectId: 'u1',
  projectId: null,
  ...over,
})

describe('who made a change, as a reader is shown it', () => {
  test('a person with their email beside the name; the name alone when it is the email; a removed account said so', () => {
    expect(actorText({ _id: 'a1', name: 'Asha Rao', email: 'asha@example.com' })).toBe('Asha Rao (asha@example.com)')
    expect(actorText({ _id: 'a1', name: 'asha@example.com', email: 'asha@example.com' })).toBe('asha@example.com')
    expect(actorText({ _id: 'a1', name: 'boss@example.com', email: 'eve@example.com' })).toBe('boss@example.com (eve@example.com)')
    expect(actorText({ _id: 'a1', name: 'Asha Rao', email: null })).toBe('Asha Rao (account removed)')
  })

  test('the system by its label alone, whatever was stored; a person named so before the rule is still shown with their email', () => {
    expect(actorText({ _id: null, name: 'system', email: null })).toBe(SYSTEM_ACTOR_LABEL)
    expect(actorText({ _id: 'a1', name: 'System', email: 'eve@example.com' })).toBe('System (eve@example.com)')
  })

  test('a name kept before the rule cannot reorder or break what follows it', () => {
    expect(shownText('Asha\u202eoaR\nX\u2066')).toBe('Asha\ufffdoaR\ufffdX\ufffd')
    expect(personShown({ name: 'Eve\u202e', email: 'eve@example.com' })).toEqual({ name: 'Eve\ufffd', aside: 'eve@example.com' })
  })

  test("the export's cells: the actor with their email, control characters shown, formulas kept as text", () => {
    const [row] = auditRows([entry({ _id: 'a1', name: '=HYPERLINK("x")\u202e\nsystem', email: 'eve@example.com' }, { label: '\u200b=1+1', changes: [{ field: 'name', before: 'A', after: '＝2' }] })], 'UTC')
    expect(row!.slice(1)).toEqual(["'=HYPERLINK(\"x\")\ufffd\ufffdsystem (eve@example.com)", 'Changed', 'Profile', "'\u200b=1+1", 'name: A → ＝2'])
    const [system] = auditRows([entry({ _id: null, name: 'system', email: null })], 'UTC')
    expect(system![1]).toBe(SYSTEM_ACTOR_LABEL)
  })
})
