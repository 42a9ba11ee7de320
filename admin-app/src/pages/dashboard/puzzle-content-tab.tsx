import { zodResolver } from '@hookform/resolvers/zod'
import {
  type PuzzleContentRow,
  type PuzzleContentUpdate,
  PuzzleContentUpdateSchema,
} from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHead,
  Field,
  Form,
  Input,
  Spinner,
  Textarea,
  toast,
} from '@lamplight/ui'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { dashboardKeys, puzzleContentQuery, updatePuzzleContentMutation } from '../../api/dashboard'
import { type AdminColumn, actionsColumn } from '../../components/data-table'
import { QueryTable } from '../../components/query-table'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'

export function PuzzleContentTab() {
  const query = useQuery(puzzleContentQuery())
  const [editing, setEditing] = useState<PuzzleContentRow | null>(null)
  const columns = useMemo<AdminColumn<PuzzleContentRow>[]>(
    () => [
      { accessorKey: 'product_name', header: 'Product' },
      { accessorKey: 'step_number', header: 'Step' },
      {
        accessorKey: 'title',
        header: 'Title',
        cell: ({ row }) => <span className="font-medium">{row.original.title}</span>,
      },
      {
        accessorKey: 'answer',
        header: 'Answer',
        cell: ({ row }) => <code className="text-xs">{row.original.answer}</code>,
      },
      {
        accessorKey: 'is_active',
        header: 'Active',
        cell: ({ row }) =>
          row.original.is_active ? <Badge>Active</Badge> : <Badge variant="outline">Hidden</Badge>,
      },
      actionsColumn(({ row }) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setEditing(row.original)}
          aria-label={`Edit step ${row.original.step_number} of ${row.original.product_name}`}
        >
          Edit
        </Button>
      )),
    ],
    [],
  )
  return (
    <>
      <QueryTable
        query={query}
        errorMessage="Failed to load admin data"
        label="Puzzle content"
        columns={columns}
        getRowId={(row) => row.id}
        empty="No puzzle content yet"
      />
      <Dialog open={Boolean(editing)} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-2xl">
          {editing && <EditStepForm step={editing} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
    </>
  )
}

function EditStepForm({ step, onDone }: { step: PuzzleContentRow; onDone: () => void }) {
  const queryClient = useQueryClient()
  const form = useForm<PuzzleContentUpdate>({
    resolver: zodResolver(PuzzleContentUpdateSchema),
    defaultValues: {
      title: step.title,
      content: step.content,
      hint: step.hint ?? '',
      answer: step.answer,
      unlock_message: step.unlock_message ?? '',
      is_active: step.is_active,
    },
  })
  const mutation = useExclusiveMutation({
    ...updatePuzzleContentMutation(),
    onSuccess: async () => {
      toast.success('Content updated successfully')
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.puzzleContent() })
      onDone()
    },
    onError: (error) =>
      toast.error('Failed to update content', { description: apiErrorMessage(error, '') || undefined }),
  })
  const errors = form.formState.errors
  return (
    <Form
      onSubmit={form.handleSubmit((values) => mutation.run({ id: step.id, values }))}
      className="grid gap-4"
    >
      <DialogHead title={`Step ${step.step_number}: ${step.title}`}>{step.product_name}</DialogHead>
      <Field id="step-title" label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} {...form.register('title')} />}
      </Field>
      <Field id="step-content" label="Content" error={errors.content?.message}>
        {(control) => <Textarea rows={5} {...control} {...form.register('content')} />}
      </Field>
      <Field id="step-hint" label="Hint" error={errors.hint?.message}>
        {(control) => <Textarea rows={2} {...control} {...form.register('hint')} />}
      </Field>
      <Field
        id="step-answer"
        label="Answer"
        hint="Compared without regard to case or surrounding spaces."
        error={errors.answer?.message}
      >
        {(control) => <Input autoComplete="off" {...control} {...form.register('answer')} />}
      </Field>
      <Field id="step-unlock" label="Unlock message" error={errors.unlock_message?.message}>
        {(control) => <Textarea rows={2} {...control} {...form.register('unlock_message')} />}
      </Field>
      <label className="flex items-center gap-2 text-sm pointer-coarse:min-h-11">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('is_active')} />
        Active (shown to players)
      </label>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={mutation.busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.busy}>
          {mutation.busy && <Spinner size="sm" label="Saving" />}
          Save changes
        </Button>
      </DialogFooter>
    </Form>
  )
}
