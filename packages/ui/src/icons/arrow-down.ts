import { type IconProps, svgIcon } from './svg-icon'

export const ArrowDownIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-arrow-down', [
    ['path', { d: 'M12 5v14' }],
    ['path', { d: 'm19 12-7 7-7-7' }],
  ])
