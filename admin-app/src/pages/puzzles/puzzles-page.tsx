import { Button, ErrorState, LoadingState } from '@lamplight/ui'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { puzzleProductsQuery } from '../../api/puzzles'
import { AdminPage } from '../../components/admin-page'

/** `/admin/puzzles`: every product with its puzzle, portal and codes; open one to author it. */
export function PuzzlesPage() {
  const query = useQuery(puzzleProductsQuery())
  return (
    <AdminPage
      title="Puzzles"
      lead="Each box's step puzzle, scroll portal and access codes. Open a product to write its story."
    >
      {query.isPending ? (
        <LoadingState label="Loading the puzzles…" />
      ) : query.isError ? (
        <ErrorState
          size="section"
          title="The puzzles could not be loaded."
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <ul className="grid gap-3" aria-label="Products">
          {query.data.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4"
            >
              <div>
                <h2 className="font-serif text-xl text-foreground">{p.name}</h2>
                <p className="text-muted-foreground text-sm">
                  {p.active_steps} of {p.steps} steps live · {p.fragments} fragments · {p.codes_used} of{' '}
                  {p.codes} codes used · {p.players} players
                </p>
              </div>
              <Button asChild size="sm">
                <Link to={`/admin/puzzles/${p.id}`} aria-label={`Edit the puzzle of ${p.name}`}>
                  Edit puzzle
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  )
}
