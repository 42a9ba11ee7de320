import { type IconProps, svgIcon } from './svg-icon'

export const ChevronDownIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-chevron-down', [['path', { d: 'm6 9 6 6 6-6' }]])
