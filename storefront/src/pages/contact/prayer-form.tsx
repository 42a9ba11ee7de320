import { zodResolver } from '@hookform/resolvers/zod'
import {
  CONTACT_LIMITS,
  type PrayerRequestInput,
  PrayerRequestSchema,
  type PrayerRequestValues,
} from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import { Field, Form, FormOutcome, Input, type Outcome, SubmitButton, Textarea } from '@lamplight/ui'
import { HandHeartIcon } from '@lamplight/ui/icons'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { contactMutations } from '../../api/contact'
import { CharacterCount } from './form-parts'
import { SUBMISSION_FAILED, SUBMISSION_WORDS, showServerIssues } from './submission'

const EMPTY: PrayerRequestInput = { name: '', email: '', request: '' }
const FIELDS = ['name', 'email', 'request'] as const

const optional = (label: string) => (
  <>
    {label} <span className="font-normal text-muted-foreground">(optional)</span>
  </>
)

/** A prayer request: only the request is needed. Sent to POST /api/prayer-requests. */
export function PrayerForm() {
  const form = useForm<PrayerRequestInput, unknown, PrayerRequestValues>({
    resolver: zodResolver(PrayerRequestSchema),
    defaultValues: EMPTY,
  })
  const { errors, isSubmitting } = form.formState
  const [outcome, setOutcome] = useState<Outcome>(null)
  const send = useMutation(contactMutations.prayer())
  const requestLength = form.watch('request')?.length ?? 0

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null)
    try {
      await send.mutateAsync(values)
      form.reset(EMPTY)
      setOutcome({
        kind: 'sent',
        text: values.name
          ? `Thank you for trusting us with this, ${values.name}. Your request has been received, and we are praying with you.`
          : 'Thank you for trusting us with this. Your request has been received, and we are praying with you.',
      })
    } catch (error) {
      showServerIssues(error, FIELDS, form.setError)
      setOutcome({ kind: 'failed', text: apiErrorMessage(error, SUBMISSION_FAILED, SUBMISSION_WORDS) })
    }
  })

  return (
    <Form onSubmit={submit} aria-label="Share a prayer request" className="grid gap-5">
      <Field id="prayer-request" label="Your prayer request" error={errors.request?.message}>
        {(control) => (
          <>
            <Textarea
              {...control}
              aria-describedby={
                errors.request ? 'prayer-request-error prayer-request-count' : 'prayer-request-count'
              }
              required
              rows={5}
              className="max-h-96 min-h-32"
              {...form.register('request')}
            />
            <CharacterCount id="prayer-request-count" length={requestLength} max={CONTACT_LIMITS.request} />
          </>
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="prayer-name" label={optional('Name')} error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              {...form.register('name')}
            />
          )}
        </Field>
        <Field id="prayer-email" label={optional('Email')} error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_LIMITS.email}
              {...form.register('email')}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-4">
        <div>
          <SubmitButton size="lg" className="w-full sm:w-auto" busy={isSubmitting} busyLabel="Sending…">
            <HandHeartIcon aria-hidden="true" />
            Send Prayer Request
          </SubmitButton>
        </div>
        <FormOutcome outcome={outcome} />
      </div>
    </Form>
  )
}
