import { type IconProps, svgIcon } from './svg-icon'

export const ArrowRightIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-arrow-right', [
    ['path', { d: 'M5 12h14' }],
    ['path', { d: 'm12 5 7 7-7 7' }],
  ])
