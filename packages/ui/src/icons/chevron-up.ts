import { type IconProps, svgIcon } from './svg-icon'

export const ChevronUpIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-chevron-up', [['path', { d: 'm18 15-6-6-6 6' }]])
