import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { confirmAction } from './confirm';

describe('confirmation dialog', () => {
  it('asks "Are you sure?" and resolves true on Yes', async () => {
    renderWithProviders(<div />);
    const answer = confirmAction();
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    expect(screen.getByText('Confirm')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on Cancel', async () => {
    renderWithProviders(<div />);
    const answer = confirmAction({ message: 'Block this user?' });
    expect(await screen.findByText('Block this user?')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });
});
