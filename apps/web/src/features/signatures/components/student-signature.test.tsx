import type { MySignatureList, SignaturePage } from '@cursus/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { StudentSignature } from './student-signature';

const COURSE_ID = '1b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const SIGNATURE_ID = '2b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const PAGE_PATH = `GET /api/signatures/courses/${COURSE_ID}`;
const IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

function signaturePage(overrides: Partial<SignaturePage> = {}): SignaturePage {
  return {
    courseId: COURSE_ID,
    courseTitle: 'Excel : les fondamentaux',
    signatureType: 'formation_completion',
    moduleIndex: null,
    moduleTitle: null,
    progress: 100,
    completedLessons: 8,
    totalLessons: 8,
    trackedSeconds: 9000,
    canSign: true,
    signature: null,
    ...overrides,
  };
}

const signed = {
  id: SIGNATURE_ID,
  courseId: COURSE_ID,
  courseTitle: 'Excel : les fondamentaux',
  signatureType: 'formation_completion' as const,
  moduleIndex: null,
  moduleTitle: null,
  status: 'signed' as const,
  requestedAt: '2026-11-20T09:00:00.000Z',
  signedAt: '2026-11-21T09:30:00.000Z',
};

const history = (items: MySignatureList['items']): MySignatureList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
});

function render(page: SignaturePage, mine: MySignatureList = history([])) {
  mockApi({ [PAGE_PATH]: { body: page }, 'GET /api/signatures': { body: mine } });
  renderWithProviders(<StudentSignature courseId={COURSE_ID} moduleIndex={null} />);
}

describe('the signature page', () => {
  it('offers the pad once the formation is complete, with its time and progress', async () => {
    render(signaturePage());
    expect(await screen.findByText('Signature attendue')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Zone de signature' })).toBeTruthy();
    expect(screen.getByText('100 % · 8 leçons terminées sur 8')).toBeTruthy();
    expect(screen.getByText(/2\s?h/)).toBeTruthy();
    // Nothing drawn, nothing agreed: the button waits.
    expect((screen.getByRole('button', { name: 'Signer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Aucune signature')).toBeTruthy();
  });

  it('says to finish first while the formation is incomplete, without a pad', async () => {
    render(signaturePage({ progress: 40, completedLessons: 3, canSign: false }));
    expect(
      await screen.findByText('Vous pourrez signer une fois la formation terminée (100 %).'),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Zone de signature' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Signer' })).toBeNull();
  });

  it('shows a signature given, with its date and image, and lists it in the history', async () => {
    render(
      signaturePage({ canSign: false, signature: { ...signed, image: IMAGE, contentHash: 'ab'.repeat(32) } }),
      history([signed]),
    );
    expect(await screen.findByText(/Vous avez signé le 21 novembre 2026/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Votre signature' }).getAttribute('src')).toBe(IMAGE);
    expect(screen.queryByRole('button', { name: 'Signer' })).toBeNull();
    const list = await screen.findByRole('list', { name: 'Mes signatures' });
    expect(within(list).getByText('Signée')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Excel : les fondamentaux' }).getAttribute('href')).toBe(
      `/student/formations/${COURSE_ID}/signature`,
    );
  });

  it('warns of an expired request but still lets the learner sign', async () => {
    render(
      signaturePage({
        signature: { ...signed, status: 'expired', signedAt: null, image: null, contentHash: null },
      }),
    );
    expect(await screen.findByText('Demande expirée')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Signer' })).toBeTruthy();
  });

  it('flags a signature that no longer matches what was signed', async () => {
    render(
      signaturePage({
        canSign: false,
        signature: { ...signed, status: 'error', image: null, contentHash: null },
      }),
    );
    expect(await screen.findByText('Signature invalide')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Signer' })).toBeNull();
  });

  it('answers a formation the learner cannot see with the error, not a pad', async () => {
    mockApi({
      [PAGE_PATH]: { status: 404, body: { error: { code: 'TRAINING_NOT_FOUND', message: 'not found' } } },
      'GET /api/signatures': { body: history([]) },
    });
    renderWithProviders(<StudentSignature courseId={COURSE_ID} moduleIndex={null} />);
    expect(await screen.findByText('Impossible de charger cette signature')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Zone de signature' })).toBeNull();
  });
});
