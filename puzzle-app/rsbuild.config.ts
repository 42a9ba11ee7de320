import { defineRemoteConfig } from '@lamplight/config/rsbuild'

export default defineRemoteConfig({
  name: 'puzzle-app',
  dir: import.meta.dirname,
  title: 'Puzzle portal | Lamplight Puzzle Co.',
  exposes: { './routes': './src/routes.tsx' },
})
