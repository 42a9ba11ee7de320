import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { Label } from './label'
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from './select'

function AgeSelect({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <>
      <Label htmlFor="age">Age group</Label>
      <Select onValueChange={onValueChange}>
        <SelectTrigger id="age">
          <SelectValue placeholder="Choose an age group" />
        </SelectTrigger>
        <SelectContent>
          <SelectGroup>
            <SelectLabel>Children</SelectLabel>
            <SelectItem value="5-7">Ages 5–7</SelectItem>
            <SelectItem value="8-12">Ages 8–12</SelectItem>
          </SelectGroup>
          <SelectItem value="adults">Adults</SelectItem>
        </SelectContent>
      </Select>
    </>
  )
}

describe('Select', () => {
  it('is a labelled combobox showing the placeholder', () => {
    render(<AgeSelect />)
    const trigger = screen.getByRole('combobox', { name: 'Age group' })
    expect(trigger).toHaveTextContent('Choose an age group')
    expect(trigger).toHaveAttribute('data-size', 'default')
  })

  it('lets the user pick an option with the keyboard', async () => {
    const user = userEvent.setup()
    const onValueChange = vi.fn()
    render(<AgeSelect onValueChange={onValueChange} />)

    screen.getByRole('combobox').focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('listbox')).toBeInTheDocument()
    expect(screen.getAllByRole('option')).toHaveLength(3)

    await user.keyboard('{ArrowDown}{Enter}')
    expect(onValueChange).toHaveBeenCalledWith('8-12')
    expect(screen.getByRole('combobox')).toHaveTextContent('Ages 8–12')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('lets the user pick an option with the pointer', async () => {
    const user = userEvent.setup()
    render(<AgeSelect />)

    await user.click(screen.getByRole('combobox'))
    await user.click(await screen.findByRole('option', { name: 'Adults' }))
    expect(screen.getByRole('combobox')).toHaveTextContent('Adults')
  })
})
