import { type IconProps, svgIcon } from './svg-icon'

export const CircleXIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-circle-x lucide-x-circle', [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['path', { d: 'm15 9-6 6' }],
    ['path', { d: 'm9 9 6 6' }],
  ])
