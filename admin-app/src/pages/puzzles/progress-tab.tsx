import { ErrorState, LoadingState } from '@lamplight/ui'
import { useQuery } from '@tanstack/react-query'
import { progressQuery } from '../../api/puzzles'

/** How players are doing on this box: steps solved, fragments restored, where they get stuck. */
export function ProgressTab({ productId }: { productId: string }) {
  const query = useQuery(progressQuery(productId))
  if (query.isPending) return <LoadingState label="Loading progress…" />
  if (query.isError)
    return (
      <ErrorState
        size="section"
        title="The progress could not be loaded."
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    )
  const p = query.data
  const stuck = p.steps.find((s) => s.step_number === p.stuck_step)
  return (
    <section aria-labelledby="progress-title" className="grid gap-6">
      <h2 id="progress-title" className="font-serif text-2xl text-foreground">
        Players' progress
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {[
          ['Players', p.players],
          ['Finished the steps', p.finished],
          ['Opened the portal', p.portal_players],
        ].map(([term, value]) => (
          <div key={term} className="rounded-lg border border-border bg-card p-3">
            <dt className="text-muted-foreground text-sm">{term}</dt>
            <dd className="font-serif text-2xl text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-foreground">
        {stuck ? `Most wrong answers: “${stuck.title}” (${stuck.wrong_answers}).` : 'No wrong answers yet.'}
      </p>
      <table className="w-full text-left text-sm">
        <caption className="text-left font-medium text-foreground">Steps</caption>
        <thead>
          <tr className="border-border border-b">
            <th className="py-2 pr-3">Step</th>
            <th className="py-2 pr-3">Solved by</th>
            <th className="py-2 pr-3">Wrong answers</th>
          </tr>
        </thead>
        <tbody>
          {p.steps.map((s) => (
            <tr key={s.step_number} className="border-border border-b">
              <td className="py-2 pr-3">
                {s.title}
                {!s.is_active && ' (off)'}
              </td>
              <td className="py-2 pr-3">{s.solved}</td>
              <td className="py-2 pr-3">{s.wrong_answers}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-left text-sm">
        <caption className="text-left font-medium text-foreground">Fragments</caption>
        <thead>
          <tr className="border-border border-b">
            <th className="py-2 pr-3">Fragment</th>
            <th className="py-2 pr-3">Restored by</th>
            <th className="py-2 pr-3">Bonus answered by</th>
          </tr>
        </thead>
        <tbody>
          {p.fragments.map((f) => (
            <tr key={f.number} className="border-border border-b">
              <td className="py-2 pr-3">{f.number}</td>
              <td className="py-2 pr-3">{f.restored}</td>
              <td className="py-2 pr-3">{f.bonus}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
