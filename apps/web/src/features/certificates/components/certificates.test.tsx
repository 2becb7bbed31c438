import type { Certificate, CertificateCandidate } from '@cursus/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { MyCertificates } from './my-certificates';
import { bulkTargets } from './trainer-certificates';
import { VerifyCertificate } from './verify-certificate';

const CODE = '7K3M9QXR2VTB8D4N';

function candidate(overrides: Partial<CertificateCandidate>): CertificateCandidate {
  return {
    studentId: 'student',
    studentName: 'Léa Martin',
    progress: 100,
    completed: true,
    trackedSeconds: 5400,
    issued: { realisation: null, completion: null },
    ...overrides,
  };
}

describe('certificates', () => {
  it('takes in bulk the learners who completed and have no valid certificate of that kind', () => {
    const done = candidate({ studentId: 'done' });
    const issued = candidate({
      studentId: 'issued',
      issued: { realisation: crypto.randomUUID(), completion: null },
    });
    const ongoing = candidate({ studentId: 'ongoing', progress: 40, completed: false });
    expect(bulkTargets([done, issued, ongoing], 'realisation').map((item) => item.studentId)).toEqual([
      'done',
    ]);
    expect(bulkTargets([done, issued, ongoing], 'completion').map((item) => item.studentId)).toEqual([
      'done',
      'issued',
    ]);
  });

  it('names a learner’s certificate as the document does and says what its hours count', async () => {
    const certificate: Certificate = {
      id: crypto.randomUUID(),
      kind: 'realisation',
      status: 'valid',
      code: CODE,
      courseId: crypto.randomUUID(),
      courseTitle: 'Excel : les bases',
      studentId: 'student',
      studentName: 'Léa Martin',
      trackedSeconds: 48_300,
      firstActivityAt: null,
      lastActivityAt: null,
      fileUrl: '/api/files/certificate',
      issuedAt: '2026-11-26T10:00:00.000Z',
      revokedAt: null,
    };
    mockApi({ 'GET /api/certificates': { body: { items: [certificate] } } });
    renderWithProviders(<MyCertificates />);
    expect(await screen.findByRole('heading', { name: 'Certificat de réalisation' })).toBeTruthy();
    expect(screen.getByText(/^13 h 25 min · émis le 26 novembre 2026/)).toBeTruthy();
    // Above the learning time the course shows: the group sessions attended are in it.
    expect(screen.getByText(/demi-journées de sessions de groupe auxquelles vous avez assisté/)).toBeTruthy();
  });

  it('shows a genuine certificate’s facts on the public page', async () => {
    mockApi({
      [`GET /api/certificates/verify/${CODE}`]: () => ({
        body: {
          genuine: true,
          kind: 'realisation',
          studentName: 'Léa Martin',
          courseTitle: 'Excel : les bases',
          organizationName: 'Organisme Démo',
          trackedSeconds: 5400,
          issuedAt: '2026-11-26T10:00:00.000Z',
        },
      }),
    });
    renderWithProviders(<VerifyCertificate code={CODE.toLowerCase()} />);
    expect(await screen.findByRole('heading', { name: 'Certificat authentique' })).toBeTruthy();
    expect(screen.getByText('Léa Martin')).toBeTruthy();
    expect(screen.getByText('1 h 30 min')).toBeTruthy();
    expect(screen.getByText('26 novembre 2026')).toBeTruthy();
  });

  it('says a revoked certificate is not valid', async () => {
    mockApi({
      [`GET /api/certificates/verify/${CODE}`]: () => ({ body: { genuine: false, reason: 'revoked' } }),
    });
    renderWithProviders(<VerifyCertificate code={CODE} />);
    expect(await screen.findByRole('heading', { name: 'Ce certificat n’est pas valide' })).toBeTruthy();
    expect(screen.getByText('Ce certificat a été révoqué par l’organisme qui l’a émis.')).toBeTruthy();
  });
});
