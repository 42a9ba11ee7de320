import { zodResolver } from '@hookform/resolvers/zod'
import {
  CONTACT_LIMITS,
  type PrayerRequestInput,
  PrayerRequestSchema,
  type PrayerRequestValues,
} from '@lamplight/contracts'
import { Field, Form, Input, Textarea } from '@lamplight/ui'
import { HandHeartIcon } from '@lamplight/ui/icons'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { contactMutations } from '../../api/contact'
import { CharacterCount, EmailInput, SendRow } from './form-parts'
import { useSubmission } from './submission'

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
  const send = useMutation(contactMutations.prayer())
  const requestLength = form.watch('request')?.length ?? 0
  const { submit, outcome } = useSubmission(form, {
    fields: FIELDS,
    send: send.mutateAsync,
    empty: EMPTY,
    thanks: (values) =>
      values.name
        ? `Thank you for trusting us with this, ${values.name}. Your request has been received, and we are praying with you.`
        : 'Thank you for trusting us with this. Your request has been received, and we are praying with you.',
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
            <EmailInput {...control} maxLength={CONTACT_LIMITS.email} {...form.register('email')} />
          )}
        </Field>
      </div>
      <SendRow busy={isSubmitting} outcome={outcome}>
        <HandHeartIcon aria-hidden="true" />
        Send Prayer Request
      </SendRow>
    </Form>
  )
}
