import { zodResolver } from '@hookform/resolvers/zod'
import { NotifyRequestSchema } from '@lamplight/contracts'
import { Field, Form, FormOutcome, SubmitButton } from '@lamplight/ui'
import { MailIcon } from '@lamplight/ui/icons'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { catalogMutations } from '../../api/catalog'
import { EmailInput } from '../contact/form-parts'
import { useSubmission } from '../contact/submission'

/**
 * "Tell me when it's ready" (issue 31): the address, validated with the API's own schema.
 * Loaded only when asked for, so a product page's first load carries no zod (decision 021).
 * The API mails a link to confirm: nobody is put on a list by someone else typing their address.
 */
export default function NotifyForm({ slug, name }: { slug: string; name: string }) {
  const form = useForm<z.input<typeof NotifyRequestSchema>, unknown, z.output<typeof NotifyRequestSchema>>({
    resolver: zodResolver(NotifyRequestSchema),
    defaultValues: { email: '' },
  })
  const { errors, isSubmitting } = form.formState
  const send = useMutation(catalogMutations.notify(slug))
  const { submit, outcome } = useSubmission(form, {
    fields: ['email'],
    send: send.mutateAsync,
    thanks: (values) =>
      `Almost done: we sent a link to ${values.email}. Open it to confirm, and we will write once, when ${name} is ready.`,
    refusal: { failed: 'We could not take your address just now. Please try again in a moment.' },
  })
  return (
    <Form onSubmit={submit} aria-label={`Tell me when ${name} is ready`} className="grid gap-4">
      <Field id="notify-email" label="Your email" error={errors.email?.message}>
        {(control) => <EmailInput {...control} required maxLength={254} {...form.register('email')} />}
      </Field>
      <div>
        <SubmitButton busy={isSubmitting} busyLabel="Sending…">
          <MailIcon aria-hidden="true" />
          Tell me when it's ready
        </SubmitButton>
      </div>
      <FormOutcome outcome={outcome} />
    </Form>
  )
}
