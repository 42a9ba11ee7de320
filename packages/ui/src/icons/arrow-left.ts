import { type IconProps, svgIcon } from './svg-icon'

export const ArrowLeftIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-arrow-left', [
    ['path', { d: 'm12 19-7-7 7-7' }],
    ['path', { d: 'M19 12H5' }],
  ])
