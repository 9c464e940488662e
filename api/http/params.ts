import { isUuid } from '#domain/ids'
import { notFound } from './errors'

/** A path id: anything but a UUID names nothing, so it is a 404 like an unknown id (never a 500). */
export function pathId(value: string, message: string) {
  if (!isUuid(value)) throw notFound(message)
  return value.toLowerCase()
}
