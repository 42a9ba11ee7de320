import { type IconProps, svgIcon } from './svg-icon'

export const ArrowUpIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-arrow-up', [
    ['path', { d: 'm5 12 7-7 7 7' }],
    ['path', { d: 'M12 19V5' }],
  ])
