import { zodResolver } from '@hookform/resolvers/zod'
import {
  CONTACT_LIMITS,
  type ContactMessageInput,
  ContactMessageSchema,
  type ContactMessageValues,
} from '@lamplight/contracts'
import { Field, Form, Input, Textarea } from '@lamplight/ui'
import { SendIcon } from '@lamplight/ui/icons'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { contactMutations } from '../../api/contact'
import { CharacterCount, EmailInput, SendRow } from './form-parts'
import { useSubmission } from './submission'

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' }
const FIELDS = ['name', 'email', 'subject', 'message'] as const

/**
 * Name, email, subject and message, all required. Sent to POST /api/contact; the form
 * thanks the sender and clears only once the server has stored it.
 */
export function ContactForm() {
  const [params] = useSearchParams()
  // The FAQ's cards link here with a subject already chosen.
  const subject = (params.get('subject') ?? '').slice(0, CONTACT_LIMITS.subject)
  const form = useForm<ContactMessageInput, unknown, ContactMessageValues>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: { ...EMPTY, subject },
  })
  const { errors, isSubmitting } = form.formState
  const send = useMutation(contactMutations.message())
  const messageLength = form.watch('message')?.length ?? 0
  const { submit, outcome } = useSubmission(form, {
    fields: FIELDS,
    send: send.mutateAsync,
    empty: EMPTY,
    thanks: (values) =>
      `Thank you, ${values.name}! Your message has reached us, and we will reply to ${values.email} within 24 hours (Monday to Friday).`,
  })

  return (
    <Form onSubmit={submit} aria-label="Send us a message" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.name}
              {...form.register('name')}
            />
          )}
        </Field>
        <Field id="contact-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <EmailInput {...control} required maxLength={CONTACT_LIMITS.email} {...form.register('email')} />
          )}
        </Field>
      </div>
      <Field id="contact-subject" label="Subject" error={errors.subject?.message}>
        {(control) => (
          <Input {...control} required maxLength={CONTACT_LIMITS.subject} {...form.register('subject')} />
        )}
      </Field>
      <Field id="contact-message" label="Message" error={errors.message?.message}>
        {(control) => (
          <>
            <Textarea
              {...control}
              aria-describedby={
                errors.message ? 'contact-message-error contact-message-count' : 'contact-message-count'
              }
              required
              rows={6}
              className="max-h-96 min-h-36"
              {...form.register('message')}
            />
            <CharacterCount id="contact-message-count" length={messageLength} max={CONTACT_LIMITS.message} />
          </>
        )}
      </Field>
      <SendRow busy={isSubmitting} outcome={outcome}>
        <SendIcon aria-hidden="true" />
        Send Message
      </SendRow>
    </Form>
  )
}
