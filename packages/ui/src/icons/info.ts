import { type IconProps, svgIcon } from './svg-icon'

export const InfoIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-info', [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['path', { d: 'M12 16v-4' }],
    ['path', { d: 'M12 8h.01' }],
  ])
