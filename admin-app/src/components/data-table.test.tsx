import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { type AdminColumn, DataTable } from './data-table'

type Row = { id: string; email: string }
const columns: AdminColumn<Row>[] = [
  { accessorKey: 'email', header: 'Email' },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: () => <button type="button">Edit</button>,
  },
]

describe('DataTable', () => {
  it('labels each cell with its column for the phone layout, and keeps the table roles', () => {
    render(
      <DataTable
        label="People"
        columns={columns}
        data={[{ id: '1', email: 'ruth@example.test' }]}
        empty="None"
      />,
    )
    const table = screen.getByRole('table', { name: 'People' })
    const [, row] = within(table).getAllByRole('row')
    const [email, actions] = within(row as HTMLElement).getAllByRole('cell')
    expect(email).toHaveAttribute('data-label', 'Email')
    expect(email).toHaveTextContent('ruth@example.test')
    // A header that is not text (the actions column) leaves its cells unlabelled rather than showing an id.
    expect(actions).not.toHaveAttribute('data-label')
    expect(within(table).getByRole('columnheader', { name: 'Email' })).toBeInTheDocument()
  })

  it('offers the sortable columns in one Sort by control, for phones, and reports the choice', async () => {
    const onSortingChange = vi.fn()
    render(
      <DataTable
        label="People"
        columns={[...columns, { accessorKey: 'id', header: 'Number', enableSorting: false }]}
        data={[{ id: '1', email: 'ruth@example.test' }]}
        empty="None"
        sorting={[{ id: 'email', desc: true }]}
        onSortingChange={onSortingChange}
      />,
    )
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sort).toHaveValue('email:desc')
    // Only what can be sorted, and only columns with a name.
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Email, ascending', 'Email, descending'])
    await userEvent.selectOptions(sort, 'Email, ascending')
    expect(onSortingChange).toHaveBeenCalledWith([{ id: 'email', desc: false }])
  })

  it('has no Sort by control for a table the server does not sort', () => {
    render(<DataTable label="People" columns={columns} data={[]} empty="None" />)
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull()
  })
})
