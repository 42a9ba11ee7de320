import { defineRemoteConfig } from '@lamplight/config/rsbuild'

export default defineRemoteConfig({
  name: 'storefront',
  dir: import.meta.dirname,
  title: 'Shop | Lamplight Puzzle Co.',
  exposes: { './routes': './src/routes.tsx' },
})
