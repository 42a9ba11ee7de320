import { type IconProps, svgIcon } from './svg-icon'

export const ArrowUpDownIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-arrow-up-down', [
    ['path', { d: 'm21 16-4 4-4-4' }],
    ['path', { d: 'M17 20V4' }],
    ['path', { d: 'm3 8 4-4 4 4' }],
    ['path', { d: 'M7 4v16' }],
  ])
