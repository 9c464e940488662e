/** A benchmark's table on the console: a header, a rule, then the rows; `left` names the columns of words (the rest are figures, right-aligned). */
export function printTable(rows: string[][], left: (column: number) => boolean) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)))
  console.log('')
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => (left(column) ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd())
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  }
}
