import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { renderWithProviders } from '@/testing/render';
import { DownloadButton } from './download-button';

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('DownloadButton', () => {
  it('downloads with progress and names the file from content-disposition', async () => {
    const chunks = [new Uint8Array(5), new Uint8Array(5)];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            new ReadableStream({
              pull(controller) {
                const next = chunks.shift();
                if (next) controller.enqueue(next);
                else controller.close();
              },
            }),
            {
              headers: {
                'content-type': 'application/pdf',
                'content-length': '10',
                'content-disposition': 'attachment; filename="fbl.pdf"',
              },
            },
          ),
      ),
    );
    const createObjectURL = vi.fn(() => 'blob:fbl');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });

    renderWithProviders(<DownloadButton path="segments/1/fbl.pdf" fallbackName="download.pdf" label="FBL" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'FBL' }));
    await waitFor(() => expect(clicks).toEqual(['fbl.pdf']));
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });
});
