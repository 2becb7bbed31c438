import type { QuestionWithReplies } from '@cursus/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { AskQuestionDialog } from './ask-question-dialog';

const COURSE_ID = '0b7d4a3e-5b1f-4f6e-9c1d-2a3b4c5d6e7f';
const LESSON_ID = '2d9f6c5a-7d3b-4b8a-9e3f-4c5d6e7f8091';

function asked(body: { subject: string; message: string }): QuestionWithReplies {
  return {
    id: '5c0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
    organizationId: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11',
    studentId: 'user-1',
    studentName: 'Ana Lopez',
    trainerId: null,
    trainerName: null,
    subject: body.subject.trim(),
    message: body.message.trim(),
    category: 'technical',
    status: 'pending',
    courseId: COURSE_ID,
    courseTitle: 'Excel',
    lessonId: LESSON_ID,
    lessonTitle: 'RECHERCHEV',
    replyCount: 0,
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:00.000Z',
    replies: [],
  };
}

const submitButton = () => screen.getByRole('button', { name: 'Envoyer la question' });

describe('the ask-question dialog (SPEC 5)', () => {
  it('keeps send disabled until subject and message hold more than spaces', () => {
    mockApi({});
    renderWithProviders(<AskQuestionDialog hasOrganization context={null} onClose={() => {}} />);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Renseignez le sujet et le message pour envoyer votre question.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sujet'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Une vraie question' } });
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Sujet'), { target: { value: 'RECHERCHEV' } });
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the question with the formation and lesson of the page, then closes', async () => {
    const { calls } = mockApi({
      'POST /api/student-questions': (call) => ({
        body: asked(call.body as { subject: string; message: string }),
      }),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <AskQuestionDialog
        hasOrganization
        context={{ courseId: COURSE_ID, lessonId: LESSON_ID }}
        onClose={onClose}
      />,
    );
    fireEvent.change(screen.getByLabelText('Sujet'), { target: { value: 'RECHERCHEV ou INDEX ?' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Laquelle choisir ?' } });
    fireEvent.change(screen.getByLabelText('Catégorie'), { target: { value: 'technical' } });
    expect((screen.getByRole('checkbox', { name: /Joindre la formation/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(submitButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      subject: 'RECHERCHEV ou INDEX ?',
      message: 'Laquelle choisir ?',
      category: 'technical',
      courseId: COURSE_ID,
      lessonId: LESSON_ID,
    });
  });

  it('shows the missing-organisation alert with its way to /assign-organization, and no form', () => {
    mockApi({});
    renderWithProviders(<AskQuestionDialog hasOrganization={false} context={null} onClose={() => {}} />);
    expect(
      screen.getByText('Vous devez être assigné à une organisation pour poser des questions'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rejoindre une organisation' }).getAttribute('href')).toBe(
      '/assign-organization',
    );
    expect(screen.queryByRole('button', { name: 'Envoyer la question' })).toBeNull();
  });

  it('turns to the missing-organisation alert when the server refuses for that reason', async () => {
    mockApi({ 'POST /api/student-questions': apiError('NO_ORGANIZATION', 409) });
    renderWithProviders(<AskQuestionDialog hasOrganization context={null} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Sujet'), { target: { value: 'Sujet' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Message' } });
    fireEvent.click(submitButton());
    expect(
      await screen.findByText('Vous devez être assigné à une organisation pour poser des questions'),
    ).toBeTruthy();
  });
});
