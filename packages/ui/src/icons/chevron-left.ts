import { type IconProps, svgIcon } from './svg-icon'

export const ChevronLeftIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-chevron-left', [['path', { d: 'm15 18-6-6 6-6' }]])
