import { act, useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { Input } from '../components/input'
import { Textarea } from '../components/textarea'

/** A form as a page has it: controlled fields whose state is what a submit sends. */
function SignIn({ onSubmit }: { onSubmit: (sent: { email: string; note: string }) => void }) {
  const [email, setEmail] = useState('')
  const [note, setNote] = useState('')
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit({ email, note })
      }}
    >
      <Input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <Textarea aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="submit">Send</button>
    </form>
  )
}

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
})

/** The server's HTML in the page, `before` run on it (the visitor), then hydrated. */
async function hydrate(element: React.ReactElement, before: (container: HTMLElement) => void) {
  const container = document.createElement('div')
  container.innerHTML = renderToString(element)
  document.body.append(container)
  before(container)
  await act(async () => {
    root = hydrateRoot(container, element)
  })
  return container
}

describe('typed before hydration', () => {
  it('what was typed into the server-rendered fields is what the hydrated form sends', async () => {
    const sent: unknown[] = []
    const container = await hydrate(<SignIn onSubmit={(s) => sent.push(s)} />, (c) => {
      c.querySelector('input')!.value = 'ruth@example.com'
      c.querySelector('textarea')!.value = 'Where you go I will go'
    })
    expect(container.querySelector('input')).toHaveValue('ruth@example.com')
    await act(async () => container.querySelector('button')!.click())
    expect(sent).toEqual([{ email: 'ruth@example.com', note: 'Where you go I will go' }])
  })

  it('fields nobody touched stay as they were, and a field mounted in the browser sends no change', async () => {
    const sent: unknown[] = []
    const changes: string[] = []
    const container = await hydrate(<SignIn onSubmit={(s) => sent.push(s)} />, () => {})
    await act(async () => container.querySelector('button')!.click())
    expect(sent).toEqual([{ email: '', note: '' }])

    const fresh = document.createElement('div')
    document.body.append(fresh)
    const { createRoot } = await import('react-dom/client')
    const client = createRoot(fresh)
    await act(async () =>
      client.render(
        <Input aria-label="Name" defaultValue="Naomi" onChange={(e) => changes.push(e.target.value)} />,
      ),
    )
    expect(fresh.querySelector('input')).toHaveValue('Naomi')
    expect(changes).toEqual([])
    act(() => client.unmount())
  })

  it('still hands the node to a ref', async () => {
    const nodes: (HTMLInputElement | null)[] = []
    await hydrate(
      <Input
        aria-label="Email"
        ref={(n) => {
          nodes.push(n)
        }}
      />,
      () => {},
    )
    expect(nodes[0]).toBeInstanceOf(HTMLInputElement)
  })
})
