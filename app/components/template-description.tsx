import { useEffect, useId, useRef, useState } from 'react'
import { badgeColour } from '#domain/planning/badge-colour'
import { CLUSTER_DESCRIPTION_CACHE_SECONDS } from '#domain/planning/messages'
import type { DescribedCluster } from '#domain/contracts/catalog'
import { useHydrated } from '#app/lib/hydrated'

export type { DescribedCluster }

/** Where the page's resource route answers the descriptions (it forwards the browser's session to the API). */
export const DESCRIPTIONS_PATH = '/resource-planning-template/descriptions'
const NONE_FOUND = 'No description found.'
const NONE_AVAILABLE = 'No description available.'

/** The cache key and the ids parameter alike (spec/administration-planning.md §7, §9): the ids, each once, sorted, comma-joined. */
export const descriptionKey = (ids: readonly string[]) => [...new Set(ids)].sort().join(',')

// Five minutes per sorted id list (spec/administration-planning.md §9), in this browser tab's memory: a description rarely changes,
// and a popover opened again should not wait.
const cache = new Map<string, { expires: number; items: DescribedCluster[] }>()
const cached = (key: string) => {
  const hit = cache.get(key)
  if (hit && hit.expires > Date.now()) return hit.items
  cache.delete(key)
  return null
}

async function loadDescriptions(key: string): Promise<DescribedCluster[]> {
  const response = await fetch(`${DESCRIPTIONS_PATH}?${new URLSearchParams({ ids: key })}`, { headers: { accept: 'application/json' } })
  const body: unknown = await response.json().catch(() => null)
  const fields = body && typeof body === 'object' ? (body as { data?: unknown; error?: unknown }) : {}
  // The server's message first; a page that is not our answer (a sign-in redirect) has none.
  if (!response.ok || !Array.isArray(fields.data)) throw new Error(typeof fields.error === 'string' ? fields.error : '')
  const items = fields.data as DescribedCluster[]
  cache.set(key, { expires: Date.now() + CLUSTER_DESCRIPTION_CACHE_SECONDS * 1000, items })
  return items
}

/** The popover's texts (spec/administration-planning.md §8): each cluster with its description, or the spec's empty texts. */
function DescriptionList({ items }: { items: DescribedCluster[] }) {
  if (items.length === 0) return <p className="muted-text">{NONE_FOUND}</p>
  return (
    <dl className="description-list">
      {items.map((item) => (
        <div key={item._id}>
          <dt>{item.name}</dt>
          <dd>{item.description?.trim() ? item.description : NONE_AVAILABLE}</dd>
        </div>
      ))}
    </dl>
  )
}

export const badgeStyle = (name: string) => {
  const { background, color } = badgeColour(name)
  return { background, color }
}

interface ClusterDescriptionProps {
  /** The cluster, or every cluster of a group. */
  ids: string[]
  label: string
  /** The descriptions as the page's loader read them: what the disclosure shows without JavaScript. */
  items: DescribedCluster[]
}

/**
 * A cluster name that opens its description (spec/administration-planning.md §2, 360 px). Without JavaScript it is a disclosure
 * whose content the server rendered; with it, a popover that loads the descriptions when opened
 * (kept five minutes) and opens and closes on click.
 */
export function ClusterDescription({ ids, label, items }: ClusterDescriptionProps) {
  const hydrated = useHydrated()
  if (hydrated) return <DescriptionPopover ids={ids} label={label} />
  return (
    <details className="description-holder">
      <summary className="badge cluster-badge" style={badgeStyle(label)}>
        {label}
      </summary>
      <div className="description-popover">
        <DescriptionList items={items} />
      </div>
    </details>
  )
}

type Loaded = { status: 'loading' } | { status: 'ready'; items: DescribedCluster[] } | { status: 'error'; message: string }

function DescriptionPopover({ ids, label }: { ids: string[]; label: string }) {
  const key = descriptionKey(ids)
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const holder = useRef<HTMLSpanElement>(null)
  const request = useRef(0)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: MouseEvent) => {
      if (holder.current && !holder.current.contains(event.target as Node)) setOpen(false)
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('click', closeOutside)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('click', closeOutside)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [open])

  const toggle = () => {
    if (open) {
      setOpen(false)
      return
    }
    setOpen(true)
    const hit = cached(key)
    if (hit) {
      setLoaded({ status: 'ready', items: hit })
      return
    }
    const mine = ++request.current
    setLoaded({ status: 'loading' })
    loadDescriptions(key).then(
      (items) => {
        if (request.current === mine) setLoaded({ status: 'ready', items })
      },
      (error: unknown) => {
        if (request.current !== mine) return
        // The server's message, else the error's own text, else 'Error' (spec/administration-planning.md §8).
        setLoaded({ status: 'error', message: (error instanceof Error && error.message) || 'Error' })
      },
    )
  }

  return (
    <span ref={holder} className="description-holder">
      <button
        type="button"
        className="badge cluster-badge"
        style={badgeStyle(label)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        {label}
      </button>
      {open ? (
        <div id={panelId} className="description-popover" aria-live="polite">
          {loaded.status === 'loading' ? <p className="muted-text">Loading...</p> : null}
          {loaded.status === 'error' ? (
            <p className="errors" role="alert">
              {loaded.message}
            </p>
          ) : null}
          {loaded.status === 'ready' ? <DescriptionList items={loaded.items} /> : null}
        </div>
      ) : null}
    </span>
  )
}
