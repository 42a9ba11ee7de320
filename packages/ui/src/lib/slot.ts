import {
  cloneElement,
  Fragment,
  type HTMLAttributes,
  isValidElement,
  type ReactNode,
  type Ref,
  type RefCallback,
  useCallback,
} from 'react'

type Props = Record<string, unknown>
type Handler = (...args: unknown[]) => unknown
type Cleanup = ReturnType<RefCallback<unknown>>

export type SlotProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }

function setRef(ref: Ref<unknown> | undefined, node: unknown): Cleanup {
  if (typeof ref === 'function') return ref(node)
  if (ref) ref.current = node
}

/** Ids from both, the child's first, each once (Radix's `concatAriaDescribedby`). */
function describedBy(childValue: unknown, slotValue: unknown): string | undefined {
  const ids = [childValue, slotValue]
    .filter((value) => typeof value === 'string')
    .join(' ')
    .split(/\s+/)
  return [...new Set(ids)].filter(Boolean).join(' ') || undefined
}

/**
 * Radix Slot's merge (react-slot 1.5): the slot's props, then the child's, except that
 * handlers given by both run the child's first (its result is returned), styles merge (the
 * child's win), class names join (the slot's first; no Tailwind merging, as in Radix), and
 * `aria-describedby` ids are joined. `slot.test.tsx` holds it to Radix's.
 */
function mergeProps(slotProps: Props, childProps: Props): Props {
  const merged = { ...slotProps, ...childProps }
  for (const name in childProps) {
    const slotValue = slotProps[name]
    const childValue = childProps[name]
    if (/^on[A-Z]/.test(name)) {
      if (slotValue && childValue) {
        // `arguments`, not a rest parameter, which the browser build would transpile to a loop.
        merged[name] = function () {
          // biome-ignore lint/complexity/noArguments: see above
          const result = Reflect.apply(childValue as Handler, undefined, arguments)
          // biome-ignore lint/complexity/noArguments: see above
          Reflect.apply(slotValue as Handler, undefined, arguments)
          return result
        }
      } else if (slotValue) merged[name] = slotValue
    } else if (name === 'style') merged[name] = { ...(slotValue as object), ...(childValue as object) }
    else if (name === 'className') merged[name] = [slotValue, childValue].filter(Boolean).join(' ')
    else if (name === 'aria-describedby') merged[name] = describedBy(childValue, slotValue)
  }
  return merged
}

/**
 * `asChild`: renders its one child element with the slot's props merged into it (see
 * `mergeProps`) and both refs. Our own rather than `radix-ui`'s Slot (decision 030): the
 * components of every first page (Button, Badge, Skeleton, the navigation menu's links)
 * use it, and Radix's, with `compose-refs`, was 1.2 KB gzip of every first load.
 * What it leaves out of Radix's: `Slottable` and a lazy child (we use neither).
 */
export function Slot({ children, ref, ...slotProps }: SlotProps & { children?: ReactNode }) {
  const child = isValidElement<Props>(children) ? children : null
  const childRef = child?.props.ref as Ref<unknown> | undefined
  // One ref callback for both, kept while they are the same (a new callback on each render
  // would detach and attach the element's refs every time), with React 19's cleanups.
  const composedRef = useCallback(
    (node: unknown): Cleanup => {
      const refs = [ref, childRef]
      const cleanups = refs.map((each) => setRef(each, node))
      if (cleanups.some((cleanup) => typeof cleanup === 'function')) {
        return () => {
          cleanups.forEach((cleanup, i) => {
            if (typeof cleanup === 'function') cleanup()
            else setRef(refs[i], null)
          })
        }
      }
    },
    [ref, childRef],
  )
  if (!child) {
    if (children || children === 0) {
      throw new Error('Slot: expected a single React element child')
    }
    return children
  }
  const props = mergeProps(slotProps, child.props)
  if (child.type !== Fragment) props.ref = ref ? composedRef : childRef
  return cloneElement(child, props)
}
