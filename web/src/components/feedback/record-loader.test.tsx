import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { renderWithProviders } from '@/testing/render';
import { RecordLoader } from './record-loader';

function Page({ load }: { load: () => Promise<{ name: string } | null> }) {
  const query = useQuery({ queryKey: ['record', load], queryFn: load, retry: false });
  return (
    <RecordLoader query={query} notFound="Handler not found">
      {(record) => <p>Editing {record.name}</p>}
    </RecordLoader>
  );
}

describe('RecordLoader', () => {
  it('shows the page once the record is there', async () => {
    renderWithProviders(<Page load={async () => ({ name: 'Swissport' })} />);
    expect(await screen.findByText('Editing Swissport')).toBeInTheDocument();
  });

  it('says the record is not there when the server answers NotFound', async () => {
    const load = async () => {
      throw new ApiError({ kind: 'Custom', status: 404, code: 'NotFound', serverMessage: 'Handler not found' });
    };
    renderWithProviders(<Page load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Handler not found');
    expect(screen.queryByText(/Editing/)).toBeNull();
  });

  it('says the record is not there when the answer is empty', async () => {
    renderWithProviders(<Page load={async () => null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Handler not found');
  });
});
