import { type IconProps, svgIcon } from './svg-icon'

export const CircleUserRoundIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-circle-user-round lucide-user-circle-2', [
    ['path', { d: 'M17.925 20.056a6 6 0 0 0-11.851.001' }],
    ['circle', { cx: '12', cy: '11', r: '4' }],
    ['circle', { cx: '12', cy: '12', r: '10' }],
  ])
