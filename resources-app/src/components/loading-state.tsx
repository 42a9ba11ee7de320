import { Spinner } from '@lamplight/ui'

/** A centred spinner with its text shown, announced once as a status. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-center">
      <Spinner size="lg" aria-hidden="true" label="" className="text-primary" />
      <p className="text-muted-foreground">{label}</p>
    </div>
  )
}
