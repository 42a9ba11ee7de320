import { type IconProps, svgIcon } from './svg-icon'

export const ClockIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-clock', [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['path', { d: 'M12 6v6l4 2' }],
  ])
