import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, mockApi, renderWithProviders } from '@/testing/test-utils';
import { buildCourseDetail } from '../testing/build-course';
import { CreateCourseForm } from './create-course-form';

const SESSION = { 'GET /api/auth/session': { body: { user: buildUser({ role: 'trainer' }) } } };

describe('CreateCourseForm', () => {
  it('requires a title with the SPEC 5 message and sends nothing without one', async () => {
    const { calls } = mockApi(SESSION);
    renderWithProviders(<CreateCourseForm onCreated={() => {}} />);
    fireEvent.change(screen.getByLabelText('Titre de la formation'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la formation' }));
    expect(await screen.findByText('Le titre de la formation est requis')).toBeTruthy();
    expect(screen.getByLabelText('Titre de la formation').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("defaults the category to 'Formation' and sends the programme sheet, price in cents", async () => {
    const created = buildCourseDetail({}, { title: 'Habilitation électrique' });
    const { calls } = mockApi({ ...SESSION, 'POST /api/courses': { body: created } });
    const onCreated = vi.fn();
    renderWithProviders(<CreateCourseForm onCreated={onCreated} />);
    expect((screen.getByLabelText('Catégorie') as HTMLInputElement).value).toBe('Formation');
    fireEvent.change(screen.getByLabelText('Titre de la formation'), {
      target: { value: 'Habilitation électrique' },
    });
    fireEvent.change(screen.getByLabelText('Objectifs pédagogiques'), {
      target: { value: 'Travailler hors tension' },
    });
    fireEvent.change(screen.getByLabelText('Durée (heures)'), { target: { value: '10,5' } });
    fireEvent.change(screen.getByLabelText('Modalité'), { target: { value: 'blended' } });
    fireEvent.change(screen.getByLabelText('Tarif (€)'), { target: { value: '1 250,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la formation' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/courses');
    expect(post?.body).toMatchObject({
      title: 'Habilitation électrique',
      category: 'Formation',
      objectives: 'Travailler hors tension',
      durationHours: 10.5,
      modality: 'blended',
      priceCents: 125050,
    });
  });

  it('refuses a price that is not a number', async () => {
    const { calls } = mockApi(SESSION);
    renderWithProviders(<CreateCourseForm onCreated={() => {}} />);
    fireEvent.change(screen.getByLabelText('Titre de la formation'), { target: { value: 'Secourisme' } });
    fireEvent.change(screen.getByLabelText('Tarif (€)'), { target: { value: 'gratuit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer la formation' }));
    expect(await screen.findByText('Nombre invalide')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
