import { type ComponentType, lazy } from 'react'

export type LazyPage = ComponentType & { preload: () => Promise<unknown> }

/**
 * A page whose code downloads when it is first needed, like `React.lazy`, with `preload()`
 * to start that download early. Once loaded it renders at once, without suspending: so a
 * server render (which preloads the page it renders) and a browser that preloaded the page
 * of its address render the same tree on the first pass.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined
  let loading: Promise<{ default: ComponentType }> | undefined
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component
      return { default: component }
    })
    return loading
  }
  const Lazy = lazy(preload)
  const Page = () => {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Lazy />
  }
  return Object.assign(Page, { preload })
}
