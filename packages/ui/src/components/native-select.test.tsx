import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { Label } from './label'
import { NativeSelect } from './native-select'

function AgeSelect({ onChange }: { onChange?: (value: string) => void }) {
  return (
    <>
      <Label htmlFor="age">Age group</Label>
      <NativeSelect id="age" className="w-48" defaultValue="" onChange={(e) => onChange?.(e.target.value)}>
        <option value="">All Ages</option>
        <option value="5-7">Ages 5–7</option>
        <option value="8-12">Ages 8–12</option>
      </NativeSelect>
    </>
  )
}

describe('NativeSelect', () => {
  it('is the browser’s own select, labelled, showing its current choice', () => {
    render(<AgeSelect />)
    const select = screen.getByRole('combobox', { name: 'Age group' })
    expect(select.tagName).toBe('SELECT')
    expect(select).toHaveDisplayValue('All Ages')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Ages',
      'Ages 5–7',
      'Ages 8–12',
    ])
  })

  it('reports the choice made', async () => {
    const onChange = vi.fn()
    render(<AgeSelect onChange={onChange} />)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Age group' }), 'Ages 8–12')
    expect(onChange).toHaveBeenCalledWith('8-12')
    expect(screen.getByRole('combobox')).toHaveDisplayValue('Ages 8–12')
  })

  it('sizes its wrapper with className, so the chevron sits at the control’s edge', () => {
    render(<AgeSelect />)
    const select = screen.getByRole('combobox')
    expect(select.parentElement).toHaveClass('relative', 'w-48')
    expect(select).toHaveClass('w-full', 'appearance-none')
    expect(select.parentElement?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })
})
