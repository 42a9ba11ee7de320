import { type IconProps, svgIcon } from './svg-icon'

export const XIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-x', [
    ['path', { d: 'M18 6 6 18' }],
    ['path', { d: 'm6 6 12 12' }],
  ])
