import { MAX_CODES_PER_BATCH } from '@lamplight/contracts'
import { Badge, Button, Field, Form, Input, Spinner, toast } from '@lamplight/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { codesQuery, generateCodesMutation, puzzleKeys, setCodeActiveMutation } from '../../api/puzzles'
import { downloadCsv } from '../../lib/download-csv'
import { formatDate, formatDateTime } from '../../lib/format'
import { useFieldErrors } from '../../lib/use-field-errors'
import { codesCsv } from './codes-csv'

/** A print run of codes (downloaded as CSV at once), and every code: used, when, by whom. */
export function CodesTab({ productId, slug }: { productId: string; slug: string }) {
  const queryClient = useQueryClient()
  const [count, setCount] = useState('500')
  const [page, setPage] = useState(1)
  const [batch, setBatch] = useState<{ id: string; csv: string; count: number } | null>(null)
  const { errors, fail, clear } = useFieldErrors()
  const codes = useQuery(codesQuery(productId, page))
  const filename = (id: string) => `codes-${slug}-${id.slice(0, 8)}.csv`
  const generate = useMutation({
    ...generateCodesMutation(productId),
    onSuccess: async (result) => {
      clear()
      const csv = codesCsv(slug, result.batch_id, result.codes)
      setBatch({ id: result.batch_id, csv, count: result.codes.length })
      downloadCsv(filename(result.batch_id), csv)
      toast.success(`${result.codes.length} codes made and downloaded`)
      await queryClient.invalidateQueries({ queryKey: puzzleKeys.all })
    },
    onError: (error) => fail(error, 'No codes were made'),
  })
  const setActive = useMutation({
    ...setCodeActiveMutation(productId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: puzzleKeys.all }),
    onError: () => toast.error('The code was not changed'),
  })
  const data = codes.data
  const pages = data ? Math.max(1, Math.ceil(data.total / 50)) : 1
  return (
    <section aria-labelledby="codes-title" className="grid gap-6">
      <div>
        <h2 id="codes-title" className="font-serif text-2xl text-foreground">
          Access codes
        </h2>
        <p className="mt-1 text-muted-foreground text-sm">
          One code per box: it opens this box's scroll portal for the first account to enter it. Codes are
          kept only as fingerprints, so download the file for the printer now; it cannot be made again.
        </p>
      </div>
      <Form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          generate.mutate(Number(count))
        }}
      >
        <Field label="How many codes" error={errors.count} className="w-48">
          {(c) => (
            <Input
              {...c}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_CODES_PER_BATCH}
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending && <Spinner size="sm" label="Making codes" />}
          Generate codes
        </Button>
      </Form>
      {batch && (
        <div className="rounded-lg border border-gold/60 bg-parchment p-4" role="status">
          <p className="text-foreground">
            {batch.count} codes are in <code>{filename(batch.id)}</code>.
          </p>
          <Button
            className="mt-2"
            variant="outline"
            size="sm"
            onClick={() => downloadCsv(filename(batch.id), batch.csv)}
          >
            Download the CSV again
          </Button>
        </div>
      )}
      {data && (
        <div>
          <p className="font-medium text-foreground" aria-live="polite">
            {data.used} of {data.total} codes used
          </p>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Access codes</caption>
              <thead>
                <tr className="border-border border-b">
                  <th className="py-2 pr-3">Code</th>
                  <th className="py-2 pr-3">Made</th>
                  <th className="py-2 pr-3">Used</th>
                  <th className="py-2 pr-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((code) => (
                  <tr key={code.id} className="border-border border-b">
                    <td className="py-2 pr-3">
                      <code>{code.label}</code> {code.shared && <Badge variant="outline">Shared</Badge>}{' '}
                      {!code.is_active && <Badge variant="outline">Retired</Badge>}
                    </td>
                    <td className="py-2 pr-3">{formatDate(code.created_at)}</td>
                    <td className="py-2 pr-3">
                      {code.redeemed_at
                        ? `${formatDateTime(code.redeemed_at)}${code.redeemed_by_email ? ` by ${code.redeemed_by_email}` : ' (a visitor)'}`
                        : code.shared
                          ? 'By anyone'
                          : 'Not yet'}
                    </td>
                    <td className="py-2 pr-3 text-right">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={setActive.isPending}
                        onClick={() => setActive.mutate({ codeId: code.id, active: !code.is_active })}
                        aria-label={`${code.is_active ? 'Retire' : 'Restore'} code ${code.label}`}
                      >
                        {code.is_active ? 'Retire' : 'Restore'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <div className="mt-3 flex items-center gap-3">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  )
}
