import { describe, expect, test } from 'vitest'
import { EXPORT_COLUMNS, exportFileName, exportRows, neutraliseCell, spreadsheetDay } from '#domain/export'
import { formatDate } from '#domain/dates'

describe('the users export', () => {
  test('is named users_export_{YYYY-MM-DD}.xlsx after the day of the export', () => {
    expect(exportFileName(new Date('2026-03-09T23:59:00Z'))).toBe('users_export_2026-03-09.xlsx')
  })

  test('has the columns Employee ID, Full Name, Email, Role, Status, Joined Date', () => {
    expect(EXPORT_COLUMNS).toEqual(['Employee ID', 'Full Name', 'Email', 'Role', 'Status', 'Joined Date'])
  })

  test("writes 'N/A' for missing values, role User and status Active by default", () => {
    expect(exportRows([{ email: 'a@example.com' }])).toEqual([['N/A', 'N/A', 'a@example.com', 'User', 'Active', 'N/A']])
  })

  test('writes a full row in column order, the joined date a date cell of its UTC day', () => {
    const row = exportRows([
      { fullName: 'Asha Rao', email: 'asha@example.com', role: 'Engineer', status: 'Inactive', createdAt: '2025-01-31T10:00:00Z', profile: { professional: { employId: 'E-7' } } },
    ])
    expect(row).toEqual([['E-7', 'Asha Rao', 'asha@example.com', 'Engineer', 'Inactive', new Date('2025-01-31T00:00:00Z')]])
  })

  test.each(['=1+2', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])('a cell starting like a formula (%j) is kept as text', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`)
    expect(exportRows([{ fullName: value }])[0][1]).toBe(`'${value}`)
  })

  test('ordinary text is left alone', () => {
    expect(neutraliseCell('Asha = Rao')).toBe('Asha = Rao')
  })

  test('a spreadsheet day is midnight UTC of the UTC day, whatever the time; none for no date', () => {
    expect(spreadsheetDay('2025-12-31T23:59:59Z')).toEqual(new Date('2025-12-31T00:00:00Z'))
    expect(spreadsheetDay('2030-03-01')).toEqual(new Date('2030-03-01T00:00:00Z'))
    expect([spreadsheetDay('not a date'), spreadsheetDay(''), spreadsheetDay(null)]).toEqual([null, null, null])
    expect(exportRows([{ createdAt: 'garbage' }])[0][5]).toBe('N/A')
  })

  test('an invalid date is treated as missing', () => {
    expect(formatDate('not a date')).toBeNull()
    expect(formatDate(null)).toBeNull()
  })
})
