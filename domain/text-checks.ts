import * as z from 'zod/mini'
import { CONTROL, isStorable, LONE_SURROGATE, tidyName, UNREADABLE } from './text'

// The zod checks built on domain/text.ts's rules, apart from them: a page that only shows text
// (shownText, formatting) ships without zod.

export const storable = z.refine<string>(isStorable, 'Contains characters that cannot be saved')

/**
 * Every name's checks (roles, categories, entity types, projects, clusters, planning types,
 * instances): tidied first, then one line of readable, storable text of at most `max` characters.
 * Whether a name is taken is the API's to say (#api/names: case and look-alikes aside).
 */
export const nameChecks = (label: string, max: number) => [
  z.overwrite(tidyName),
  z.maxLength(max, `${label} must be at most ${max} characters`),
  z.refine<string>((value) => !CONTROL.test(value), `${label} cannot contain control characters`),
  z.refine<string>((value) => !value.includes(UNREADABLE), `${label} contains characters that could not be read (not UTF-8): type it again`),
  z.refine<string>((value) => !LONE_SURROGATE.test(value), `${label} contains characters that cannot be saved`),
]
