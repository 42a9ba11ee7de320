import type { ColumnDef } from '@tanstack/react-table'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DataTable } from './data-table'

type Row = { id: string; email: string }
const columns: ColumnDef<Row, unknown>[] = [
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
})
