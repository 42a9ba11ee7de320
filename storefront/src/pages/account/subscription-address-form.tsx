import { zodResolver } from '@hookform/resolvers/zod'
import {
  type CountryCode,
  type DeliveryAddressInput,
  DeliveryAddressSchema,
  monthName,
} from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import { Button, Form, FormOutcome, type Outcome, SubmitButton } from '@lamplight/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { subscriptionKeys, subscriptionMutations } from '../../api/subscriptions'
import { AddressFields } from '../../components/address-fields'
import { showServerIssues } from '../contact/submission'

const FIELDS = ['firstName', 'lastName', 'address', 'city', 'state', 'zipCode', 'country'] as const

/** Where my boxes go: checked as the checkout checks it, taking effect from the next shipment. */
export function SubscriptionAddressForm({
  current,
  onDone,
}: {
  current: DeliveryAddressInput | null
  onDone: () => void
}) {
  const form = useForm<DeliveryAddressInput>({
    resolver: zodResolver(DeliveryAddressSchema) as unknown as Resolver<DeliveryAddressInput>,
    defaultValues: current ?? { country: 'US', state: '' },
  })
  const client = useQueryClient()
  const save = useMutation(subscriptionMutations.address())
  const [outcome, setOutcome] = useState<Outcome>(null)
  const country = (form.watch('country') ?? 'US') as CountryCode
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null)
    try {
      const answer = await save.mutateAsync(DeliveryAddressSchema.parse(values))
      await client.invalidateQueries({ queryKey: subscriptionKeys.all })
      setOutcome({
        kind: 'sent',
        text: answer.from_period
          ? `Saved. Your boxes go to this address from the ${monthName(answer.from_period)} box on.`
          : 'Saved.',
      })
      setTimeout(onDone, 2500)
    } catch (error) {
      showServerIssues(error, FIELDS, form.setError)
      setOutcome({
        kind: 'failed',
        text: apiErrorMessage(error, 'We could not save the address. Please try again.'),
      })
    }
  })
  return (
    <Form onSubmit={submit} aria-label="Subscription shipping address" className="grid gap-4 sm:grid-cols-2">
      <AddressFields register={form.register} errors={form.formState.errors} country={country} />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <SubmitButton busy={form.formState.isSubmitting} busyLabel="Saving…">
          Save address
        </SubmitButton>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <FormOutcome outcome={outcome} className="sm:col-span-2" />
    </Form>
  )
}
