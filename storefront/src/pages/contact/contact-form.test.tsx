import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithProviders } from '../../test/render'
import { ContactForm } from './contact-form'

afterEach(() => vi.unstubAllGlobals())

function setup(
  handler: Parameters<typeof fakeApi>[0] = () => Response.json({ data: {} }, { status: 201 }),
  path = '/contact',
) {
  const fetchMock = vi.fn(fakeApi(handler))
  vi.stubGlobal('fetch', fetchMock)
  const user = userEvent.setup()
  renderWithProviders(<ContactForm />, path)
  const posts = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/contact'))
  return { user, fetchMock, posts }
}

const field = (name: string) => screen.getByLabelText(name)

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Lydia')
  await user.type(field('Email'), 'lydia@example.com')
  await user.type(field('Subject'), 'Youth group order')
  await user.type(field('Message'), 'Can we order twelve boxes?')
}

const send = () => screen.getByRole('button', { name: 'Send Message' })

describe('ContactForm', () => {
  it('labels every field', () => {
    setup()
    for (const name of ['Name', 'Email', 'Subject', 'Message']) {
      expect(field(name)).toHaveAttribute('required')
    }
    expect(field('Email')).toHaveAttribute('type', 'email')
  })

  it('requires every field and sends nothing until they are filled', async () => {
    const { user, posts } = setup()
    await user.click(send())
    expect(await screen.findByText('Please tell us your name.')).toBeInTheDocument()
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument()
    expect(screen.getByText('Please add a subject.')).toBeInTheDocument()
    expect(screen.getByText('Please write your message.')).toBeInTheDocument()
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Name')).toHaveAccessibleDescription('Please tell us your name.')
    expect(field('Name')).toHaveFocus()
    expect(posts()).toHaveLength(0)
  })

  it('treats whitespace as empty', async () => {
    const { user, posts } = setup()
    await fillValid(user)
    await user.clear(field('Subject'))
    await user.type(field('Subject'), '    ')
    await user.click(send())
    expect(await screen.findByText('Please add a subject.')).toBeInTheDocument()
    expect(posts()).toHaveLength(0)
  })

  it('checks the email format', async () => {
    const { user, posts } = setup()
    await fillValid(user)
    await user.clear(field('Email'))
    await user.type(field('Email'), 'lydia-at-example')
    await user.click(send())
    expect(await screen.findByText(/Please enter a valid email address/)).toBeInTheDocument()
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(posts()).toHaveLength(0)
  })

  it('refuses a message over 5,000 characters', async () => {
    const { user, posts } = setup()
    await fillValid(user)
    await user.clear(field('Message'))
    await user.click(field('Message'))
    await user.paste('x'.repeat(5001))
    expect(screen.getByText('5,001 / 5,000 characters')).toBeInTheDocument()
    await user.click(send())
    expect(await screen.findByText('Please keep this under 5,000 characters.')).toBeInTheDocument()
    expect(posts()).toHaveLength(0)
  })

  it('sends the trimmed message, thanks the sender and clears only after the server accepted it', async () => {
    let release: (r: Response) => void = () => {}
    const { user, posts } = setup(() => new Promise<Response>((resolve) => (release = resolve)))
    await fillValid(user)
    await user.type(field('Name'), '  ')
    await user.click(send())

    expect(await screen.findByRole('button', { name: /Sending/ })).toBeDisabled()
    expect(field('Message')).toHaveValue('Can we order twelve boxes?')
    expect(posts()).toHaveLength(1)
    const [, init] = posts()[0]!
    expect(init).toMatchObject({ method: 'POST' })
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      name: 'Lydia',
      email: 'lydia@example.com',
      subject: 'Youth group order',
      message: 'Can we order twelve boxes?',
    })

    release(Response.json({ data: { id: 'm1', created_at: new Date().toISOString() } }, { status: 201 }))
    expect(await screen.findByText(/Thank you, Lydia!/)).toBeInTheDocument()
    expect(screen.getByText(/within 24 hours/)).toBeInTheDocument()
    for (const name of ['Name', 'Email', 'Subject', 'Message']) expect(field(name)).toHaveValue('')
  })

  it('keeps the input and says why when the server refuses (rate limit)', async () => {
    const { user } = setup(() =>
      Response.json(
        { error: { code: 'rate_limited', message: 'You have sent several messages in a short time.' } },
        { status: 429 },
      ),
    )
    await fillValid(user)
    await user.click(send())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several messages in a short time.',
    )
    expect(field('Name')).toHaveValue('Lydia')
    expect(field('Message')).toHaveValue('Can we order twelve boxes?')
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument()
  })

  it('shows the server’s field issues under their fields', async () => {
    const { user } = setup(() =>
      Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'The request is not valid.',
            issues: [{ path: 'email', message: 'That address cannot receive mail.' }],
          },
        },
        { status: 400 },
      ),
    )
    await fillValid(user)
    await user.click(send())
    expect(await screen.findByText('That address cannot receive mail.')).toBeInTheDocument()
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Email')).toHaveValue('lydia@example.com')
  })

  it('keeps the input when the server cannot be reached', async () => {
    const { user } = setup(() => {
      throw new TypeError('Failed to fetch')
    })
    await fillValid(user)
    await user.click(send())
    expect(await screen.findByRole('alert')).toHaveTextContent('could not reach our server')
    await waitFor(() => expect(field('Subject')).toHaveValue('Youth group order'))
  })

  it('starts with the subject a link chose', () => {
    setup(undefined, '/contact?subject=Bulk%20order%20for%20a%20group')
    expect(field('Subject')).toHaveValue('Bulk order for a group')
  })
})
