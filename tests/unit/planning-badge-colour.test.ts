import { describe, expect, test } from 'vitest'
import { BADGE_PALETTE, badgeColour, badgeIndex } from '#domain/planning/badge-colour'

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

describe('the nine-colour badge palette, picked by hashing the cluster name', () => {
  test('has nine distinct colours, each readable (contrast at least 4.5:1)', () => {
    expect(BADGE_PALETTE).toHaveLength(9)
    expect(new Set(BADGE_PALETTE.map((colour) => colour.background)).size).toBe(9)
    for (const { background, color } of BADGE_PALETTE) expect(contrast(background, color)).toBeGreaterThanOrEqual(4.5)
  })

  test('the same name always gets the same colour', () => {
    for (const name of ['Tower A', 'Block 7 + Block 8', '', '(Unavailable Cluster)', 'क्लस्टर']) {
      expect(badgeColour(name)).toBe(badgeColour(name))
      expect(badgeIndex(name)).toBe(badgeIndex(`${name}`))
    }
  })

  test('every name gets one of the palette colours', () => {
    for (const name of ['', 'a', 'Tower A', 'x'.repeat(10_000), '\u{1F3D7}']) {
      const index = badgeIndex(name)
      expect(Number.isInteger(index)).toBe(true)
      expect(index).toBeGreaterThanOrEqual(0)
      expect(index).toBeLessThan(9)
      expect(badgeColour(name)).toBe(BADGE_PALETTE[index])
    }
  })

  test('names spread over all nine colours', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => badgeIndex(`Cluster ${i}`)))
    expect(used.size).toBe(9)
  })

  test('pinned values: a change of hash would recolour every badge users have learned', () => {
    expect(['Tower A', 'Tower B', 'Block 1', 'Block 1 + Block 2', ''].map(badgeIndex)).toEqual([5, 8, 3, 6, 7])
  })
})
