import { type IconProps, svgIcon } from './svg-icon'

export const CheckIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-check', [['path', { d: 'M20 6 9 17l-5-5' }]])
