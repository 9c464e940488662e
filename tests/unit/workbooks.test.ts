import ExcelJS from 'exceljs'
import { describe, expect, test } from 'vitest'
import { capacityWorkbook } from '#app/features/capacity/workbook.server'
import { usersWorkbook } from '#app/features/users/workbook.server'
import type { HireLine, RoleMonths } from '#domain/contracts/schedule'
import { EXPORT_COLUMNS, type ExportedUser } from '#domain/export'

/**
 * The .xlsx exports, written by write-excel-file and read back with exceljs as a spreadsheet
 * application would read them: the sheets, the bold header, real dates and numbers, text kept text.
 * The e2e tests (e2e/users.spec.ts, e2e/people-over-time.spec.ts) open the downloaded files the same way.
 */

async function read(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook()
  // exceljs types its input as an ArrayBuffer-like Buffer of its own.
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer)
  return workbook
}

/** Each row's values, from column A: as e2e/users.spec.ts reads them. */
const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1)

const expectBoldHeader = (sheet: ExcelJS.Worksheet) => {
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell) => expect(cell.font?.bold, `${sheet.name}!${cell.address}`).toBe(true))
  expect(sheet.getRow(1).cellCount).toBe(sheet.columnCount)
  expect(sheet.getCell('A2').font?.bold ?? false).toBe(false)
}

describe('the users workbook', () => {
  const asha: ExportedUser = {
    fullName: 'Asha Rao',
    email: 'asha@example.com',
    role: 'Engineer',
    status: 'Inactive',
    createdAt: '2025-01-31T22:45:00Z',
    profile: { professional: { employId: 'EMP-42' } },
  }
  const bare: ExportedUser = { email: 'bare@example.com', createdAt: '2026-03-09T00:10:00.000Z' }
  const undated: ExportedUser = { fullName: 'No Date', email: 'undated@example.com', createdAt: null, profile: null }
  const formula: ExportedUser = { fullName: '=HYPERLINK("http://evil.example","Click")', email: 'formula@example.com' }

  test('has one sheet, Users, its header row the six columns in order, in bold, with the widths of before', async () => {
    const workbook = await read(await usersWorkbook([asha]))
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Users'])
    const sheet = workbook.getWorksheet('Users')!
    expect(headerOf(sheet)).toEqual(['Employee ID', 'Full Name', 'Email', 'Role', 'Status', 'Joined Date'])
    expect(headerOf(sheet)).toEqual([...EXPORT_COLUMNS])
    expectBoldHeader(sheet)
    expect(sheet.columns.map((column) => column.width)).toEqual([16, 26, 34, 16, 16, 16])
  })

  test('writes one row per user in column order, the joined date a real date cell of its UTC day shown m/d/yyyy', async () => {
    const sheet = (await read(await usersWorkbook([asha, bare]))).getWorksheet('Users')!
    expect(rowsOf(sheet)).toEqual([
      ['Employee ID', 'Full Name', 'Email', 'Role', 'Status', 'Joined Date'],
      ['EMP-42', 'Asha Rao', 'asha@example.com', 'Engineer', 'Inactive', new Date('2025-01-31T00:00:00Z')],
      ['N/A', 'N/A', 'bare@example.com', 'User', 'Active', new Date('2026-03-09T00:00:00Z')],
    ])
    for (const address of ['F2', 'F3']) {
      expect(sheet.getCell(address).type).toBe(ExcelJS.ValueType.Date)
      expect(sheet.getCell(address).numFmt).toBe('m/d/yyyy')
    }
    expect((sheet.getCell('F2').value as Date).getUTCDate()).toBe(31)
    for (const address of ['A2', 'B2', 'C2', 'D2', 'E2', 'A3', 'B3']) expect(sheet.getCell(address).type).toBe(ExcelJS.ValueType.String)
  })

  test("missing values read 'N/A' as text, the role User and the status Active; a missing joined date is 'N/A' too", async () => {
    const sheet = (await read(await usersWorkbook([undated]))).getWorksheet('Users')!
    expect(rowsOf(sheet)[1]).toEqual(['N/A', 'No Date', 'undated@example.com', 'User', 'Active', 'N/A'])
    expect(sheet.getCell('F2').type).toBe(ExcelJS.ValueType.String)
  })

  test("a full name such as '=HYPERLINK(...)' is the text with a leading quote, never a formula", async () => {
    const sheet = (await read(await usersWorkbook([formula]))).getWorksheet('Users')!
    expect(sheet.rowCount).toBe(2)
    const name = sheet.getCell('B2')
    expect(name.type).toBe(ExcelJS.ValueType.String)
    expect(name.formula).toBeUndefined()
    expect(name.value).toBe(`'=HYPERLINK("http://evil.example","Click")`)
    expect(sheet.getCell('C2').value).toBe('formula@example.com')
  })

  test('no users: the header row only', async () => {
    const workbook = await read(await usersWorkbook([]))
    expect(workbook.getWorksheet('Users')!.rowCount).toBe(1)
    expect(headerOf(workbook.getWorksheet('Users')!)).toEqual([...EXPORT_COLUMNS])
  })
})

describe('the capacity workbook', () => {
  const role = { _id: 'r1', name: 'Rigger' }
  const capacity: RoleMonths = {
    from: '2030-03',
    to: '2030-05',
    months: ['2030-03', '2030-04', '2030-05'],
    roles: [
      {
        role,
        leadMonths: 1,
        cells: [
          { month: '2030-03', demand: 6, supply: 1, gap: 5 },
          { month: '2030-04', demand: 10, supply: 2, gap: 8 },
          { month: '2030-05', demand: 4, supply: 1, gap: 3 },
        ],
        undated: { demand: 0, supply: 0, gap: 0 },
      },
      { role: { _id: 'r2', name: '=HYPERLINK("http://evil.example","Click")' }, leadMonths: 2, cells: [{ month: '2030-03', demand: 0, supply: 2, gap: -2 }], undated: { demand: 0, supply: 0, gap: 0 } },
    ],
  }
  const line = (over: Partial<HireLine> = {}): HireLine => ({
    role,
    project: { _id: 'p1', name: 'North Yard' },
    clusterLabel: 'Bay 1 / Dig',
    needed: 3,
    hireBy: '2030-02-01',
    daysLeft: -12,
    startDate: '2030-03-01',
    ...over,
  })
  const queue = [
    line(),
    line({ project: { _id: 'p2', name: '@SUM(A1)' }, clusterLabel: '-Pour', needed: 2, hireBy: '2030-03-10', daysLeft: 25, startDate: '2030-04-10' }),
  ]

  test('has the sheets Capacity and Hire-by queue, each header row in order and in bold, with the widths of before', async () => {
    const workbook = await read(await capacityWorkbook(capacity, queue))
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Capacity', 'Hire-by queue'])
    const grid = workbook.getWorksheet('Capacity')!
    const hires = workbook.getWorksheet('Hire-by queue')!
    expect(headerOf(grid)).toEqual(['Role', 'Month', 'Demand', 'Supply', 'Gap'])
    expect(headerOf(hires)).toEqual(['Role', 'Project', 'Cluster', 'People needed', 'Hire by', 'Days left', 'Start date'])
    expectBoldHeader(grid)
    expectBoldHeader(hires)
    expect(grid.columns.map((column) => column.width)).toEqual([22, 12, 10, 10, 10])
    expect(hires.columns.map((column) => column.width)).toEqual([22, 28, 28, 14, 12, 10, 12])
  })

  test('the grid: one row per role and month, the month a real date cell (yyyy-mm), demand, supply and gap numbers', async () => {
    const grid = (await read(await capacityWorkbook(capacity, queue))).getWorksheet('Capacity')!
    expect(rowsOf(grid).slice(1)).toEqual([
      ['Rigger', new Date('2030-03-01T00:00:00Z'), 6, 1, 5],
      ['Rigger', new Date('2030-04-01T00:00:00Z'), 10, 2, 8],
      ['Rigger', new Date('2030-05-01T00:00:00Z'), 4, 1, 3],
      [`'=HYPERLINK("http://evil.example","Click")`, new Date('2030-03-01T00:00:00Z'), 0, 2, -2],
    ])
    // As e2e/people-over-time.spec.ts finds March of the role.
    const march = grid.getRows(2, grid.rowCount - 1)!.find((row) => row.getCell(1).value === 'Rigger')!
    expect(march.getCell(2).value).toEqual(new Date('2030-03-01T00:00:00Z'))
    expect(march.getCell(2).type).toBe(ExcelJS.ValueType.Date)
    expect(march.getCell(2).numFmt).toBe('yyyy-mm')
    for (const column of [3, 4, 5]) expect(march.getCell(column).type).toBe(ExcelJS.ValueType.Number)
    const formula = grid.getCell('A5')
    expect(formula.type).toBe(ExcelJS.ValueType.String)
    expect(formula.formula).toBeUndefined()
  })

  test('a role\'s requirement on clusters without dates is a "No dates" row after its months (issue 29)', async () => {
    const undatedToo: RoleMonths = { ...capacity, roles: [{ ...capacity.roles[0]!, undated: { demand: 8, supply: 1, gap: 7 } }] }
    const grid = (await read(await capacityWorkbook(undatedToo, queue))).getWorksheet('Capacity')!
    expect(rowsOf(grid).slice(-2)).toEqual([
      ['Rigger', new Date('2030-05-01T00:00:00Z'), 4, 1, 3],
      ['Rigger', 'No dates', 8, 1, 7],
    ])
  })

  test('the hire-by queue: one row per line, people needed and days left numbers, hire-by and start real date cells (yyyy-mm-dd)', async () => {
    const hires = (await read(await capacityWorkbook(capacity, queue))).getWorksheet('Hire-by queue')!
    expect(rowsOf(hires).slice(1)).toEqual([
      ['Rigger', 'North Yard', 'Bay 1 / Dig', 3, new Date('2030-02-01T00:00:00Z'), -12, new Date('2030-03-01T00:00:00Z')],
      ['Rigger', "'@SUM(A1)", "'-Pour", 2, new Date('2030-03-10T00:00:00Z'), 25, new Date('2030-04-10T00:00:00Z')],
    ])
    const first = hires.getRow(2)
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Number)
    expect(first.getCell(6).type).toBe(ExcelJS.ValueType.Number)
    for (const column of [5, 7]) {
      expect(first.getCell(column).type).toBe(ExcelJS.ValueType.Date)
      expect(first.getCell(column).numFmt).toBe('yyyy-mm-dd')
    }
    expect((first.getCell(5).value as Date).getUTCDate()).toBe(1)
    expect((hires.getRow(3).getCell(5).value as Date).getUTCDate()).toBe(10)
    for (const column of [2, 3]) expect(hires.getRow(3).getCell(column).formula).toBeUndefined()
  })

  test('every line of a long queue is written, and an empty period and queue leave the header rows only', async () => {
    const long = Array.from({ length: 52 }, (_, at) => line({ project: { _id: `p${at}`, name: `Yard ${at}` } }))
    expect((await read(await capacityWorkbook(capacity, long))).getWorksheet('Hire-by queue')!.actualRowCount).toBe(53)
    const empty = await read(await capacityWorkbook({ from: '2030-03', to: '2030-03', months: ['2030-03'], roles: [] }, []))
    expect(empty.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ['Capacity', 1],
      ['Hire-by queue', 1],
    ])
  })
})
