import type { ColumnDef } from '@tanstack/react-table';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { DataTable } from './data-table';
import { useTableUrlState } from './table-url-state';

interface Row {
  id: number;
  name: string;
}

const columns: ColumnDef<Row>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'actions', header: 'Actions', enableSorting: false, cell: () => 'edit' },
];

const rows = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `Company ${i + 1}` }));

function Table() {
  const table = useTableUrlState({ filterKeys: ['state'] });
  return (
    <DataTable
      columns={columns}
      data={rows}
      meta={{
        current_page: table.state.page,
        next_page: 2,
        prev_page: null,
        total_pages: 20,
        total_count: 500,
        per_page: 25,
      }}
      table={table}
      getRowId={(row) => String(row.id)}
      filters={[{ id: 'state', label: 'State', type: 'select', options: [{ value: 'active', label: 'Active' }] }]}
    />
  );
}

/** A table whose rows open their details under them; still virtualised. */
function ExpandingTable({ open }: { open: number[] }) {
  const table = useTableUrlState();
  return (
    <DataTable
      columns={columns}
      data={rows}
      table={table}
      getRowId={(row) => String(row.id)}
      renderDetail={(row) => (open.includes(row.id) ? <span>Details of {row.name}</span> : null)}
    />
  );
}

describe('DataTable', () => {
  it('shows the details of the rows that have them, right under their row, rendering few rows', async () => {
    renderWithProviders(<ExpandingTable open={[2]} />, '/companies');
    const details = await screen.findByText('Details of Company 2');
    const body = details.closest('tbody') as HTMLElement;
    expect(body.querySelector('tr')?.textContent).toContain('Company 2');
    expect(screen.queryByText('Details of Company 1')).not.toBeInTheDocument();
    // Each row is a body of its own, measured with its details.
    expect(body.getAttribute('data-index')).toBe('1');
    expect(screen.queryByText('Company 500')).not.toBeInTheDocument();
    expect(document.querySelectorAll('tbody[data-index]').length).toBeLessThan(60);
  });

  it('renders only the visible rows of a long page', async () => {
    renderWithProviders(<Table />, '/companies');
    expect(await screen.findByText('Company 1')).toBeInTheDocument();
    expect(screen.queryByText('Company 500')).not.toBeInTheDocument();
    expect(document.querySelectorAll('tbody tr[data-index]').length).toBeLessThan(60);
    expect(screen.getByText('500 records')).toBeInTheDocument();
  });

  it('keeps sorting and paging in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Table />, '/companies?page=3');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(router.state.location.search).toBe('?sort=name');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(router.state.location.search).toBe('?sort=-name');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?sort=-name&page=2');
    expect(screen.queryByRole('button', { name: /Actions/ })).not.toBeInTheDocument();
  });
});
