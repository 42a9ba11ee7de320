import { defineRemoteConfig } from '@lamplight/config/rsbuild'

export default defineRemoteConfig({
  name: 'admin-app',
  dir: import.meta.dirname,
  title: 'Admin console | Lamplight Puzzle Co.',
  exposes: { './routes': './src/routes.tsx' },
})
