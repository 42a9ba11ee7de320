import type { AtRule, Container, PluginCreator, Rule } from 'postcss'

/**
 * PostCSS plugin for remotes: prefixes every rule of the `utilities` layer with
 * `[data-remote="<name>"]` (in files under `only`, when given).
 *
 * Why: the shell and each remote ship their own Tailwind utilities. Two sheets in one
 * layer interleave badly: a remote's `.hidden` loaded after the shell's `.lg:flex` would
 * hide the shell's desktop navigation. Scoped, a remote's utilities only touch its own
 * area, and inside it they win over the shell's by specificity, in their own correct order.
 */
export const scopeUtilities: PluginCreator<{ remote: string; only?: string }> = (options) => {
  const remote = options?.remote
  const only = options?.only
  if (!remote || !/^[a-z][a-z0-9-]*$/.test(remote)) throw new Error('scopeUtilities needs a remote name')
  const scope = `[data-remote="${remote}"]`
  return {
    postcssPlugin: 'lamplight-scope-utilities',
    OnceExit(root) {
      // Only the remote's own sheets: the standalone harness's base sheet stays global.
      const file = root.source?.input.file
      if (only && file && !file.startsWith(only)) return
      root.walkAtRules('layer', (layer: AtRule) => {
        if (layer.params.trim() !== 'utilities') return
        prefixRules(layer, scope)
      })
    },
  }
}
scopeUtilities.postcss = true

function prefixRules(container: Container, scope: string) {
  container.walkRules((rule: Rule) => {
    // Keyframe steps (`from`, `50%`) are not selectors.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return
    // Nested rules (`&:hover`) inherit the scope from their parent rule.
    if (rule.parent?.type === 'rule') return
    rule.selectors = rule.selectors.map((selector) =>
      selector.startsWith(scope) ? selector : `${scope} ${selector}`,
    )
  })
}
