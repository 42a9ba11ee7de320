import { type DefaultError, type UseMutationOptions, useMutation } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'

/**
 * A mutation that runs once at a time. `run` does nothing while a run is in flight: the guard
 * is a ref, set before React renders again, so a double click (two clicks before the button
 * shows it is busy) sends one request, not two. `busy` is for the button; `run` resolves to
 * whether the write succeeded (its failure is the options' `onError` to report).
 *
 * Every admin button or dialog that writes goes through this (or `ConfirmDialog`, which
 * also stays shut after a success until it is opened again).
 */
export function useExclusiveMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(options: UseMutationOptions<TData, TError, TVariables, TContext>) {
  const mutation = useMutation(options)
  const inFlight = useRef(false)
  const [running, setRunning] = useState(false)
  const { mutateAsync } = mutation
  const run = useCallback(
    async (variables: TVariables): Promise<boolean> => {
      if (inFlight.current) return false
      inFlight.current = true
      setRunning(true)
      try {
        await mutateAsync(variables)
        return true
      } catch {
        return false
      } finally {
        inFlight.current = false
        setRunning(false)
      }
    },
    [mutateAsync],
  )
  return { ...mutation, run, busy: running || mutation.isPending }
}
