import { type Ref, useEffect, useImperativeHandle, useRef } from 'react'

type Field = HTMLInputElement | HTMLTextAreaElement

/**
 * A server-rendered field takes typing (and a password manager's fill) before React owns it:
 * on a slow phone, for seconds. Hydration keeps the text on screen but not in the form's
 * state, so a submit would send the field empty and the next render would wipe it. This
 * says "it changed" once, after the field is hydrated, so the form's own `onChange` takes the
 * text, as if it were typed then. A field mounted in the browser starts at its own value and
 * nothing happens.
 */
export function replayTypedValue(field: Field): boolean {
  const typed = field.value
  // React gives a controlled field's `defaultValue` its first value, and the server's HTML
  // gave it the same: they differ only when something changed the field before hydration.
  if (typed === field.defaultValue || skipped(field)) return false
  // React's value tracker took the typed text as the field's value when it took the field
  // over, so an input event alone would look like no change. Set the field back through its
  // own (tracked) setter, put the text in through the prototype's (untracked) one, then say
  // it changed: React compares with what it tracked and calls `onChange`.
  field.value = field.defaultValue
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set
  if (!setter) return false
  setter.call(field, typed)
  field.dispatchEvent(new Event('input', { bubbles: true }))
  return true
}

function skipped(field: Field): boolean {
  return field instanceof HTMLInputElement && ['checkbox', 'radio', 'file', 'hidden'].includes(field.type)
}

/** A field's ref that adopts what was typed before hydration (replayTypedValue), and passes the node on to `ref`. */
export function useTypedBeforeHydration<E extends Field>(ref: Ref<E> | undefined) {
  const node = useRef<E>(null)
  useImperativeHandle(ref, () => node.current as E, [])
  useEffect(() => {
    if (node.current) replayTypedValue(node.current)
  }, [])
  return node
}
