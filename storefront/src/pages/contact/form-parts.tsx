import { formatCount } from '@lamplight/contracts'

/** "120 / 5,000": how much room is left in a long field. */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max
  return (
    <p
      id={id}
      className={over ? 'text-right text-destructive text-xs' : 'text-right text-muted-foreground text-xs'}
    >
      {formatCount(length)} / {formatCount(max)} characters
    </p>
  )
}
