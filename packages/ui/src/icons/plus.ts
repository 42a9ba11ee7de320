import { type IconProps, svgIcon } from './svg-icon'

export const PlusIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-plus', [
    ['path', { d: 'M5 12h14' }],
    ['path', { d: 'M12 5v14' }],
  ])
