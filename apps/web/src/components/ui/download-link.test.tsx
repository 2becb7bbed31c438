import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DownloadLink } from './download-link';

describe('DownloadLink', () => {
  it('downloads the file from its address', () => {
    render(<DownloadLink href="/api/audit/events/export?actor=camille">Exporter en CSV</DownloadLink>);
    const link = screen.getByRole('link', { name: 'Exporter en CSV' });
    expect(link.getAttribute('href')).toBe('/api/audit/events/export?actor=camille');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('stays in place, disabled, while there is no address', () => {
    render(<DownloadLink href={null}>Exporter en CSV</DownloadLink>);
    expect(screen.queryByRole('link')).toBeNull();
    expect((screen.getByRole('button', { name: 'Exporter en CSV' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
