import { type IconProps, svgIcon } from './svg-icon'

export const CircleCheckIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-circle-check lucide-check-circle-2', [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['path', { d: 'm16 9-5.5 5.5L8 12' }],
  ])
