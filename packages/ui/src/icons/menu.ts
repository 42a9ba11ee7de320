import { type IconProps, svgIcon } from './svg-icon'

export const MenuIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-menu', [
    ['path', { d: 'M4 5h16' }],
    ['path', { d: 'M4 12h16' }],
    ['path', { d: 'M4 19h16' }],
  ])
