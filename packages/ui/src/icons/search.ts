import { type IconProps, svgIcon } from './svg-icon'

export const SearchIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-search', [
    ['path', { d: 'm21 21-4.34-4.34' }],
    ['circle', { cx: '11', cy: '11', r: '8' }],
  ])
