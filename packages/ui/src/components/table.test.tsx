import { render, screen, within } from '@testing-library/react'

import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from './table'

describe('Table', () => {
  it('renders semantic table markup inside a scroll container', () => {
    const { container } = render(
      <Table>
        <TableCaption>Your recent orders</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Order</TableHead>
            <TableHead>Total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow data-state="selected">
            <TableCell>#1042</TableCell>
            <TableCell>£29.00</TableCell>
          </TableRow>
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell>Total</TableCell>
            <TableCell>£29.00</TableCell>
          </TableRow>
        </TableFooter>
      </Table>,
    )

    const table = screen.getByRole('table', { name: 'Your recent orders' })
    expect(table.parentElement).toHaveAttribute('data-slot', 'table-container')
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Order', 'Total'])
    const [, bodyRow] = screen.getAllByRole('row')
    expect(bodyRow).toBeDefined()
    expect(within(bodyRow as HTMLElement).getByRole('cell', { name: '#1042' })).toBeInTheDocument()
    expect(container.querySelector('tfoot')).toHaveAttribute('data-slot', 'table-footer')
  })
})
