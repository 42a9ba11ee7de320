import { type IconProps, svgIcon } from './svg-icon'

export const ChevronRightIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-chevron-right', [['path', { d: 'm9 18 6-6-6-6' }]])
