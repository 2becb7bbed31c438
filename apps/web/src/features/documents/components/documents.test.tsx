import type { Document, LearnerDocuments as LearnerDocumentsData } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { LearnerDocuments } from './learner-documents';
import { MyDocuments } from './my-documents';
import { TrainerDocuments } from './trainer-documents';

const COURSE_ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const FILE_ID = '0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9';
const STUDENT_ID = 'student-lea';

function documentOf(overrides: Partial<Document>): Document {
  return {
    id: crypto.randomUUID(),
    title: 'Règlement intérieur',
    category: 'internal_rules',
    visibility: 'organization',
    courseId: null,
    courseTitle: null,
    studentId: null,
    studentName: null,
    version: 1,
    fileName: 'reglement.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 1_258_291,
    fileUrl: `/api/files/${FILE_ID}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const emptyCourses = { items: [], total: 0, page: 1, pageSize: 100 };

describe('organisation documents', () => {
  it('lists documents with their readers and asks before deleting one', async () => {
    const rules = documentOf({});
    const programme = documentOf({
      title: 'Programme Excel',
      category: 'programme',
      visibility: 'course',
      courseId: COURSE_ID,
      courseTitle: 'Excel : les bases',
      version: 3,
    });
    const api = mockApi({
      'GET /api/trainer/documents': () => ({
        body: { items: [rules, programme], total: 2, page: 1, pageSize: 10 },
      }),
      'GET /api/courses': () => ({ body: emptyCourses }),
      [`DELETE /api/trainer/documents/${rules.id}`]: () => ({ body: { ok: true } }),
    });
    renderWithProviders(<TrainerDocuments />);
    expect(await screen.findByText('2 documents')).toBeTruthy();
    expect(screen.getByText('Visible par les apprenants de « Excel : les bases »')).toBeTruthy();
    expect(
      screen.getByText('reglement.pdf · 1,2 Mo · version 1 · mis à jour le 20 novembre 2026'),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Ouvrir Règlement intérieur' })[0]!.getAttribute('href')).toBe(
      `/api/files/${FILE_ID}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Règlement intérieur' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Supprimer «\u00a0Règlement intérieur\u00a0»\u202f?',
    });
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'DELETE' && call.path.endsWith(rules.id))).toBe(true),
    );
  });

  it('says what is missing, then uploads the file before recording the document', async () => {
    const created = documentOf({ title: 'CGV 2027', category: 'terms' });
    const api = mockApi({
      'GET /api/trainer/documents': () => ({ body: { items: [], total: 0, page: 1, pageSize: 10 } }),
      'GET /api/courses': () => ({ body: emptyCourses }),
      'POST /api/files': () => ({
        body: {
          id: FILE_ID,
          name: 'cgv.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 2048,
          purpose: 'record',
          url: `/api/files/${FILE_ID}`,
          createdAt: '2026-11-26T10:00:00.000Z',
        },
      }),
      'POST /api/trainer/documents': () => ({ body: created }),
    });
    renderWithProviders(<TrainerDocuments />);
    expect(await screen.findByText('Aucun document pour l’instant')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un document' });
    fireEvent.change(within(dialog).getByLabelText('Qui peut le lire'), { target: { value: 'course' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Donnez un titre au document.')).toBeTruthy();
    expect(within(dialog).getByText('Choisissez un fichier.')).toBeTruthy();
    expect(
      within(dialog).getByText('Choisissez la formation dont les apprenants liront ce document.'),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Qui peut le lire'), {
      target: { value: 'organization' },
    });
    fireEvent.change(within(dialog).getByLabelText('Titre'), { target: { value: 'CGV 2027' } });
    fireEvent.change(within(dialog).getByLabelText('Catégorie'), { target: { value: 'terms' } });
    const file = new File(['%PDF-1.7'], 'cgv.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('Fichier'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/api/trainer/documents' && call.method === 'POST')).toBe(
        true,
      ),
    );
    const upload = api.calls.findIndex((call) => call.path === '/api/files');
    const record = api.calls.findIndex(
      (call) => call.path === '/api/trainer/documents' && call.method === 'POST',
    );
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(upload).toBeLessThan(record);
    expect(api.calls[record]!.body).toEqual({
      title: 'CGV 2027',
      category: 'terms',
      visibility: 'organization',
      courseId: null,
      studentId: null,
      fileId: FILE_ID,
    });
  });
});

const LEARNER_DATA: LearnerDocumentsData = {
  shared: [documentOf({})],
  enrolments: [
    {
      courseId: COURSE_ID,
      courseTitle: 'Excel : les bases',
      enrolledAt: '2026-10-05T08:00:00.000Z',
      convocationUrl: `/api/student/documents/convocations/${COURSE_ID}`,
      documents: [
        documentOf({
          title: 'Convention signée',
          category: 'convention',
          visibility: 'learner',
          studentId: STUDENT_ID,
          studentName: 'Léa Martin',
          courseId: COURSE_ID,
          courseTitle: 'Excel : les bases',
        }),
      ],
    },
  ],
  personal: [],
  attendance: [
    {
      sessionId: '1b2c3d4e-5f60-4172-8384-95a6b7c8d9e0',
      sessionTitle: 'Atelier Excel',
      startsAt: '2026-12-01T08:00:00.000Z',
      sheetUrl: '/api/student/documents/attendance/1b2c3d4e-5f60-4172-8384-95a6b7c8d9e0',
    },
  ],
};

describe('a learner’s documents', () => {
  it('shows the learner their convocation, papers, shared documents and attendance sheets', async () => {
    mockApi({ 'GET /api/student/documents': () => ({ body: LEARNER_DATA }) });
    renderWithProviders(<MyDocuments />);
    expect(await screen.findByRole('heading', { name: 'Excel : les bases' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Convocation Excel : les bases' }).getAttribute('href')).toBe(
      `/api/student/documents/convocations/${COURSE_ID}`,
    );
    expect(screen.getByRole('heading', { name: 'Convention signée' })).toBeTruthy();
    expect(screen.getByText('Aucun document personnel.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Feuille d’émargement Atelier Excel' }).getAttribute('href'),
    ).toBe(LEARNER_DATA.attendance[0]!.sheetUrl);
    // A learner reads; the staff's actions are not theirs.
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
  });

  it('lets staff add a document for the learner alone, on one of their formations', async () => {
    const api = mockApi({
      [`GET /api/trainer/documents/learners/${STUDENT_ID}`]: () => ({ body: LEARNER_DATA }),
      'POST /api/files': () => ({
        body: {
          id: FILE_ID,
          name: 'convocation.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 2048,
          purpose: 'record',
          url: `/api/files/${FILE_ID}`,
          createdAt: '2026-11-26T10:00:00.000Z',
        },
      }),
      'POST /api/trainer/documents': () => ({ body: LEARNER_DATA.enrolments[0]!.documents[0] }),
    });
    renderWithProviders(<LearnerDocuments studentId={STUDENT_ID} />);
    expect(await screen.findByRole('button', { name: 'Supprimer Convention signée' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un document pour cet apprenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un document' });
    expect(within(dialog).queryByLabelText('Qui peut le lire')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Titre'), { target: { value: 'Convocation session 2' } });
    fireEvent.change(within(dialog).getByLabelText('Catégorie'), { target: { value: 'convocation' } });
    fireEvent.change(within(dialog).getByLabelText('Formation'), { target: { value: COURSE_ID } });
    fireEvent.change(within(dialog).getByLabelText('Fichier'), {
      target: { files: [new File(['%PDF-1.7'], 'convocation.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(
        api.calls.find((call) => call.path === '/api/trainer/documents' && call.method === 'POST')?.body,
      ).toEqual({
        title: 'Convocation session 2',
        category: 'convocation',
        visibility: 'learner',
        courseId: COURSE_ID,
        studentId: STUDENT_ID,
        fileId: FILE_ID,
      }),
    );
  });
});
