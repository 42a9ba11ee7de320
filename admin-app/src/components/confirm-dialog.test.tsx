import { createQueryClient } from '@lamplight/session'
import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useExclusiveMutation } from '../lib/use-exclusive-mutation'
import { ConfirmDialog } from './confirm-dialog'

/** A write whose answer the test gives: `settle(true)` succeeds, `settle(false)` fails. */
function controlledWrite() {
  const pending: ((ok: boolean) => void)[] = []
  const write = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        pending.push((ok) => (ok ? resolve('done') : reject(new Error('refused'))))
      }),
  )
  return { write, settle: (ok: boolean) => pending.shift()?.(ok) }
}

function Harness({ write, closeOnSuccess }: { write: () => Promise<string>; closeOnSuccess?: boolean }) {
  const [open, setOpen] = useState(true)
  const mutation = useExclusiveMutation({
    mutationFn: write,
    onSuccess: () => {
      if (closeOnSuccess) setOpen(false)
    },
  })
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Refund this order?"
        description="It cannot be undone."
        confirmLabel="Refund"
        destructive
        busy={mutation.busy}
        onConfirm={() => mutation.run()}
      />
    </>
  )
}

function renderHarness(write: () => Promise<string>, closeOnSuccess?: boolean) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness write={write} closeOnSuccess={closeOnSuccess} />
    </QueryClientProvider>,
  )
}

const confirmButton = () => screen.getByRole('button', { name: /Refund/ })

describe('ConfirmDialog with useExclusiveMutation', () => {
  it('sends one request for a double click, and stays shut after the success', async () => {
    const { write, settle } = controlledWrite()
    renderHarness(write)
    // Two clicks in a row, as a double click lands: before the mutation says it is pending.
    fireEvent.click(confirmButton())
    fireEvent.click(confirmButton())
    fireEvent.click(confirmButton())
    await waitFor(() => expect(confirmButton()).toBeDisabled())
    await waitFor(() => expect(write).toHaveBeenCalled())
    expect(write).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled()
    settle(true)
    // Done: still disabled while the dialog would be closing, so a late click sends nothing.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled())
    expect(confirmButton()).toBeDisabled()
    fireEvent.click(confirmButton())
    expect(write).toHaveBeenCalledTimes(1)
  })

  it('allows another try after a failure', async () => {
    const { write, settle } = controlledWrite()
    renderHarness(write)
    fireEvent.click(confirmButton())
    fireEvent.click(confirmButton())
    await waitFor(() => expect(write).toHaveBeenCalled())
    settle(false)
    await waitFor(() => expect(confirmButton()).toBeEnabled())
    fireEvent.click(confirmButton())
    await waitFor(() => expect(write).toHaveBeenCalledTimes(2))
    settle(true)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled())
  })

  it('acts again once opened again after a success', async () => {
    const { write, settle } = controlledWrite()
    renderHarness(write, true)
    fireEvent.click(confirmButton())
    await waitFor(() => expect(write).toHaveBeenCalled())
    settle(true)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(confirmButton()).toBeEnabled())
    fireEvent.click(confirmButton())
    await waitFor(() => expect(write).toHaveBeenCalledTimes(2))
    settle(true)
  })
})
