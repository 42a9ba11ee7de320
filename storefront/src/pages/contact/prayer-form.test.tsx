import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithProviders } from '../../test/render'
import { PrayerForm } from './prayer-form'

afterEach(() => vi.unstubAllGlobals())

function setup(handler: Parameters<typeof fakeApi>[0] = () => Response.json({ data: {} }, { status: 201 })) {
  const fetchMock = vi.fn(fakeApi(handler))
  vi.stubGlobal('fetch', fetchMock)
  const user = userEvent.setup()
  renderWithProviders(<PrayerForm />)
  const posts = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/prayer-requests'))
  const body = (i = 0) => JSON.parse(String((posts()[i]![1] as RequestInit).body))
  return { user, posts, body }
}

const request = () => screen.getByLabelText('Your prayer request')
const name = () => screen.getByLabelText(/^Name/)
const email = () => screen.getByLabelText(/^Email/)
const send = () => screen.getByRole('button', { name: 'Send Prayer Request' })

describe('PrayerForm', () => {
  it('labels its fields and marks name and email optional', () => {
    setup()
    expect(request()).toHaveAttribute('required')
    expect(name()).not.toHaveAttribute('required')
    expect(email()).not.toHaveAttribute('required')
    expect(screen.getByText('Name').parentElement).toHaveTextContent('Name (optional)')
  })

  it('requires the request', async () => {
    const { user, posts } = setup()
    await user.type(name(), 'Hannah')
    await user.click(send())
    expect(await screen.findByText('Please share what we can pray for.')).toBeInTheDocument()
    expect(request()).toHaveAttribute('aria-invalid', 'true')
    expect(request()).toHaveFocus()
    expect(posts()).toHaveLength(0)
  })

  it('sends a request with no name or email, as nulls', async () => {
    const { user, body } = setup()
    await user.type(request(), 'Strength for my family this winter.')
    await user.click(send())
    expect(await screen.findByText(/we are praying with you/)).toBeInTheDocument()
    expect(body()).toEqual({ name: null, email: null, request: 'Strength for my family this winter.' })
    expect(request()).toHaveValue('')
  })

  it('checks the email format only when one is given', async () => {
    const { user, posts, body } = setup()
    await user.type(request(), 'Peace.')
    await user.type(email(), 'not-an-address')
    await user.click(send())
    expect(await screen.findByText(/Please enter a valid email address/)).toBeInTheDocument()
    expect(posts()).toHaveLength(0)

    await user.clear(email())
    await user.type(email(), 'hannah@example.com')
    await user.type(name(), 'Hannah')
    await user.click(send())
    expect(await screen.findByText(/Thank you for trusting us with this, Hannah/)).toBeInTheDocument()
    expect(body()).toEqual({ name: 'Hannah', email: 'hannah@example.com', request: 'Peace.' })
  })

  it('refuses a request over 5,000 characters', async () => {
    const { user, posts } = setup()
    await user.click(request())
    await user.paste('p'.repeat(5001))
    await user.click(send())
    expect(await screen.findByText('Please keep this under 5,000 characters.')).toBeInTheDocument()
    expect(posts()).toHaveLength(0)
  })

  it('keeps the request and explains when the server fails', async () => {
    const { user } = setup(() =>
      Response.json({ error: { code: 'internal_error', message: 'Something went wrong.' } }, { status: 500 }),
    )
    await user.type(request(), 'For my brother.')
    await user.click(send())
    expect(await screen.findByRole('alert')).toHaveTextContent('your message is still here')
    expect(request()).toHaveValue('For my brother.')
  })
})
