import { type IconProps, svgIcon } from './svg-icon'

export const PenToolIcon = (props: IconProps) =>
  svgIcon(props, 'lucide-pen-tool', [
    [
      'path',
      {
        d: 'm18 13-.654-4.736a4 4 0 00-2.756-3.266l-9.163-2.9a2 2 0 00-2.017.493l-.82.819a2 2 0 00-.492 2.017l2.9 9.163a4 4 0 003.266 2.756L13 18',
      },
    ],
    [
      'path',
      {
        d: 'M18.648 12.352a1.205 1.205 0 011.704 0l1.296 1.296a1.205 1.205 0 010 1.704l-6.296 6.296a1.205 1.205 0 01-1.704 0l-1.296-1.296a1.205 1.205 0 010-1.704z',
      },
    ],
    ['path', { d: 'm3 3 6.586 6.586' }],
    ['circle', { cx: '11', cy: '11', r: '2' }],
  ])
