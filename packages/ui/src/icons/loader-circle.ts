import { type IconProps, svgIcon } from './svg-icon'

export const LoaderCircleIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-loader-circle lucide-loader-2', [['path', { d: 'M21 12a9 9 0 1 1-6.219-8.56' }]])
