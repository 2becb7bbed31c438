import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import { getOfflineFormationsStore } from '../lib/offline-store';
import { buildOfflinePackage, COURSE_ID, IMAGE_FILE, PDF_FILE, USER_ID } from '../testing/fixtures';
import { OfflineAvailability } from './offline-availability';
import { OfflineStoragePanel } from './offline-storage-panel';

beforeAll(() => {
  globalThis.indexedDB = new IDBFactory();
});

function renderCard(offlinePackage = buildOfflinePackage()) {
  return mockApi({
    'GET /api/auth/session': { body: { user: buildUser({ id: USER_ID }) } },
    [`GET /api/learning/courses/${COURSE_ID}/offline`]: { body: offlinePackage },
    // Two small bodies stand in for the PDF and the image.
    [`GET /api/files/${PDF_FILE}`]: { body: 'x'.repeat(3000) },
    [`GET /api/files/${IMAGE_FILE}`]: { body: 'y'.repeat(1000) },
  });
}

describe('taking a formation offline from its page (issue 18)', () => {
  it('refuses a formation above the limit, saying both sizes, before downloading anything', async () => {
    const { calls } = renderCard(buildOfflinePackage({ totalBytes: 60 * 1024 * 1024 }));
    renderWithProviders(<OfflineAvailability userId={USER_ID} courseId={COURSE_ID} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rendre disponible hors ligne' }));
    expect(await screen.findByText('Formation trop volumineuse')).toBeTruthy();
    expect(screen.getByText(/Ses fichiers font 60\sMo : au-delà de 50\sMo/)).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/files/'))).toEqual([]);
  });

  it('states the size before downloading, then shows the stored copy; the storage panel frees it', async () => {
    renderCard();
    renderWithProviders(
      <>
        <OfflineAvailability userId={USER_ID} courseId={COURSE_ID} />
        <OfflineStoragePanel userId={USER_ID} />
      </>,
    );
    expect(await screen.findByText(/jusqu'à 50\sMo par formation/)).toBeTruthy();
    expect(await screen.findByText(/Aucune formation n'est enregistrée/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rendre disponible hors ligne' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Télécharger la formation' });
    expect(within(confirm).getByText(/occupera 3,9\sko sur cet appareil \(au plus 50\sMo/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Télécharger' }));

    expect(await screen.findByText('Disponible hors ligne')).toBeTruthy();
    expect(await getOfflineFormationsStore().getFile(USER_ID, COURSE_ID, PDF_FILE)).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Stockage hors ligne' });
    expect(await within(panel).findByText(/1 formation · 3,9\sko au total/)).toBeTruthy();

    fireEvent.click(
      within(panel).getByRole('button', { name: 'Libérer «\u00a0Gestes de premiers secours\u00a0»' }),
    );
    const free = await screen.findByRole('alertdialog', { name: 'Libérer la formation' });
    fireEvent.click(within(free).getByRole('button', { name: 'Libérer' }));
    expect(await within(panel).findByText(/Aucune formation n'est enregistrée/)).toBeTruthy();
    expect(await getOfflineFormationsStore().listFormations(USER_ID)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Rendre disponible hors ligne' })).toBeTruthy();
  });
});
