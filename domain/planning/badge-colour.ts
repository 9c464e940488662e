/**
 * The nine-colour badge palette (spec/administration-planning.md §9): a cluster's badge colour is picked by hashing its name, so
 * the same cluster wears the same colour on every screen and in every session. Each pair keeps
 * the text at a contrast of at least 4.5:1 against its background.
 */
export const BADGE_PALETTE = [
  { background: '#eef2ff', color: '#3730a3' },
  { background: '#ecfdf3', color: '#05603a' },
  { background: '#fef6ee', color: '#93370d' },
  { background: '#fdf2fa', color: '#9e165f' },
  { background: '#f0f9ff', color: '#065986' },
  { background: '#fefbe8', color: '#854a0e' },
  { background: '#f4f3ff', color: '#5925dc' },
  { background: '#fef3f2', color: '#b42318' },
  { background: '#f0fdf9', color: '#125d56' },
] as const

export type BadgeColour = (typeof BADGE_PALETTE)[number]

/** A 32-bit FNV-1a hash of the name's UTF-16 code units: cheap, stable, well spread. */
function hash(name: string) {
  let value = 0x811c9dc5
  for (let i = 0; i < name.length; i++) {
    value ^= name.charCodeAt(i)
    value = Math.imul(value, 0x01000193)
  }
  return value >>> 0
}

/** The palette index of a cluster name. */
export const badgeIndex = (name: string) => hash(name) % BADGE_PALETTE.length

/** The badge colour of a cluster name. */
export const badgeColour = (name: string): BadgeColour => BADGE_PALETTE[badgeIndex(name)]
