import { defineRemoteConfig } from '@lamplight/config/rsbuild'

export default defineRemoteConfig({
  name: 'resources-app',
  dir: import.meta.dirname,
  title: 'Resource library | Lamplight Puzzle Co.',
  exposes: { './routes': './src/routes.tsx', './editor': './src/editor/entry.tsx' },
})
