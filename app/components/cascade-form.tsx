import { Form, useSubmit } from 'react-router'
import { Fragment, type ReactNode } from 'react'
import type { Ref } from '#domain/contracts/common'
import { useHydrated } from '#app/lib/hydrated'
import { searchOf } from '#app/lib/search'
import { ChoiceSelect } from './forms'

/** One select of a cascade: its words, the name it sends, its options and the value chosen. */
export interface CascadeLevel {
  id: string
  label: string
  name: string
  placeholder: string
  options: readonly (Ref | string)[]
  value: string
  /** A value the screen decides (a project's own category): the select shows it, disabled, and it is sent hidden. */
  fixed?: Ref | null
  /** What a new server answer must reset the browser's own selection on; by default the level before's value and this one's. */
  resetKey?: string
}

/** The values of the levels before `index`, and `value` for the level at it: a choice drops those after it. */
const chosenUpTo = (levels: readonly CascadeLevel[], index: number, value: string) =>
  Object.fromEntries([...levels.slice(0, index).map((level) => [level.name, level.value] as const), [levels[index]!.name, value] as const])

/**
 * Selects that narrow each other (project → category → entity type, category → entity → type):
 * each is disabled until the one before it is chosen, and a choice hands `onChoose` the values up
 * to it, so that those after it start again. No form of its own: a screen puts it in its form.
 */
export function CascadeSelects({ levels, onChoose }: { levels: readonly CascadeLevel[]; onChoose: (values: Record<string, string>, index: number) => void }) {
  return (
    <>
      {levels.map((level, index) => {
        const before = levels[index - 1]
        return (
          <Fragment key={level.name}>
            <ChoiceSelect
              id={level.id}
              label={level.label}
              name={level.name}
              placeholder={level.placeholder}
              options={level.options}
              value={level.value}
              resetKey={level.resetKey ?? (before ? `${before.value}-${level.value}` : level.value)}
              disabled={(before !== undefined && !before.value) || Boolean(level.fixed)}
              onChange={(value) => onChoose(chosenUpTo(levels, index, value), index)}
            />
            {/* A disabled select sends nothing: the fixed value rides along here. */}
            {level.fixed ? <input type="hidden" name={level.name} value={level.fixed._id} /> : null}
          </Fragment>
        )
      })}
    </>
  )
}

interface CascadeFormProps {
  /** The screen's path: the form asks it by GET, so a choice is an address and works without JavaScript. */
  action: string
  label: string
  className: string
  levels: readonly CascadeLevel[]
  /** Before the selects: hidden fields the screen's loader reads (the choice the page showed). */
  hidden?: Record<string, string>
  /** After Apply: a note about the choice. */
  children?: ReactNode
}

/**
 * The choice a screen is about, as a GET form of selects that narrow each other. With JavaScript
 * a choice reloads the page at once (keeping the scroll); without, Apply sends the form.
 */
export function CascadeForm({ action, label, className, levels, hidden = {}, children }: CascadeFormProps) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  return (
    <Form method="get" action={action} className={className} aria-label={label}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <CascadeSelects levels={levels} onChoose={(values) => submit(searchOf(values), { method: 'get', action, preventScrollReset: true })} />
      {hydrated ? null : (
        <button type="submit" className="button secondary">
          Apply
        </button>
      )}
      {children}
    </Form>
  )
}
