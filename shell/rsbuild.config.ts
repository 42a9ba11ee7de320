import { defineShellConfig } from '@lamplight/config/rsbuild'

export default defineShellConfig({ dir: import.meta.dirname, title: 'Lamplight Puzzle Co.' })
