import type { MarketplaceListing, MarketplacePreview } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { MarketplaceCatalogue } from './marketplace-catalogue';

const PLATFORM_ID = '0b8f0a7e-5b1e-4f7a-9d2c-1a2b3c4d5e6f';
const OWN_ID = '1c9f1b8f-6c2f-4a8b-8e3d-2b3c4d5e6f70';
const COURSE_ID = '2d0a2c9a-7d3a-4b9c-9f4e-3c4d5e6f7081';

function listing(overrides: Partial<MarketplaceListing>): MarketplaceListing {
  return {
    id: PLATFORM_ID,
    title: 'RGPD : les fondamentaux',
    summary: 'Les principes du RGPD au quotidien.',
    category: 'compliance',
    level: 'beginner',
    language: 'fr',
    durationMinutes: 210,
    moduleCount: 3,
    lessonCount: 4,
    publisher: 'platform',
    publisherName: null,
    canManage: false,
    sourceCourseId: null,
    importCount: 2,
    sharedAt: '2026-09-01T08:00:00.000Z',
    ...overrides,
  };
}

const LISTINGS = [
  listing({}),
  listing({
    id: OWN_ID,
    title: 'Communication professionnelle écrite',
    publisher: 'organization',
    publisherName: 'Organisme Démo',
    canManage: true,
    sourceCourseId: COURSE_ID,
    category: 'communication',
    moduleCount: 1,
    lessonCount: 1,
    durationMinutes: 420,
    importCount: 0,
  }),
];

const PREVIEW: MarketplacePreview = {
  ...LISTINGS[0]!,
  description: 'Les principes du RGPD appliqués à votre organisme.',
  objectives: 'Connaître les principes du RGPD.',
  prerequisites: '',
  audience: '',
  modules: [
    {
      title: 'Les principes',
      lessons: [{ title: 'Qu’est-ce qu’une donnée personnelle ?', type: 'text', estimatedMinutes: 15 }],
    },
  ],
  firstLesson: {
    title: 'Qu’est-ce qu’une donnée personnelle ?',
    html: '<p>Toute information se rapportant à une personne.</p>',
  },
};

const page = (items: MarketplaceListing[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 12 },
});

describe('marketplace catalogue', () => {
  it('shows each template’s publisher, size and duration, and lets only its owner remove it', async () => {
    mockApi({ 'GET /api/marketplace/listings': page(LISTINGS) });
    renderWithProviders(<MarketplaceCatalogue canPublishAsPlatform={false} />);
    const list = await screen.findByRole('list', { name: 'Modèles de formation' });
    const [platform, own] = within(list).getAllByRole('listitem');
    expect(within(platform!).getByText('Modèle Cursus')).toBeTruthy();
    expect(within(platform!).getByText('3 modules · 4 leçons · 3 h 30 min')).toBeTruthy();
    expect(within(platform!).getByText('Importé 2 fois')).toBeTruthy();
    expect(within(platform!).queryByRole('button', { name: /Retirer du catalogue/ })).toBeNull();
    expect(within(own!).getByText('Partagé par Organisme Démo')).toBeTruthy();
    expect(within(own!).getByText('1 module · 1 leçon · 7 h')).toBeTruthy();
    expect(
      within(own!).getByRole('button', { name: 'Retirer du catalogue Communication professionnelle écrite' }),
    ).toBeTruthy();
    expect(screen.getByText('2 modèles')).toBeTruthy();
  });

  it('sends the filters to the server and says when nothing matches', async () => {
    let served = 0;
    const { fetchMock } = mockApi({
      'GET /api/marketplace/listings': () => {
        served += 1;
        return page(served === 1 ? LISTINGS : []);
      },
    });
    renderWithProviders(<MarketplaceCatalogue canPublishAsPlatform={false} />);
    await screen.findByRole('list', { name: 'Modèles de formation' });
    fireEvent.change(screen.getByLabelText('Catégorie'), { target: { value: 'safety' } });
    expect(await screen.findByText('Aucun modèle ne correspond')).toBeTruthy();
    const categories = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/marketplace/listings')
      .map((url) => url.searchParams.get('category'));
    expect(categories).toEqual([null, 'safety']);
  });

  it('previews a template’s outline and imports it as a draft', async () => {
    const { calls } = mockApi({
      'GET /api/marketplace/listings': page(LISTINGS),
      [`GET /api/marketplace/listings/${PLATFORM_ID}`]: { body: PREVIEW },
      [`POST /api/marketplace/listings/${PLATFORM_ID}/import`]: {
        body: { courseId: COURSE_ID, title: 'RGPD : les fondamentaux', moduleCount: 3, lessonCount: 4 },
      },
    });
    const { router } = renderWithProviders(<MarketplaceCatalogue canPublishAsPlatform={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Aperçu RGPD : les fondamentaux' }));
    const dialog = await screen.findByRole('dialog', { name: 'RGPD : les fondamentaux' });
    expect(within(dialog).getByText('Module 1 : Les principes')).toBeTruthy();
    expect(within(dialog).getByText('Toute information se rapportant à une personne.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer en brouillon' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/trainer/formation/${COURSE_ID}`));
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/import'))).toBe(true);
  });

  it('checks the share form, then explains a refusal of an empty formation', async () => {
    const { calls } = mockApi({
      'GET /api/marketplace/listings': page(LISTINGS),
      'GET /api/courses': {
        body: {
          items: [
            {
              id: COURSE_ID,
              organizationId: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11',
              organizationName: 'Organisme Démo',
              title: 'Formation vide',
              category: 'Formation',
              status: 'draft',
              isLocked: false,
              isArchived: false,
              updatedAt: '2026-09-01T08:00:00.000Z',
              moduleCount: 0,
              lessonCount: 0,
              enrollmentCount: 0,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 100,
        },
      },
      'POST /api/marketplace/listings': apiError('VALIDATION_ERROR', 400, {
        fields: [{ path: 'courseId', message: 'EMPTY_FORMATION' }],
      }),
    });
    renderWithProviders(<MarketplaceCatalogue canPublishAsPlatform={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Partager une formation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Partager une formation sur la marketplace' });
    expect(within(dialog).queryByLabelText(/Publier comme modèle Cursus/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Partager' }));
    expect(within(dialog).getByText('Choisissez la formation à partager.')).toBeTruthy();
    expect(within(dialog).getByText('Écrivez un résumé.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await within(dialog).findByRole('option', { name: 'Formation vide' });
    fireEvent.change(within(dialog).getByLabelText('Formation'), { target: { value: COURSE_ID } });
    fireEvent.change(within(dialog).getByLabelText('Résumé'), { target: { value: 'Un résumé' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Partager' }));
    expect(
      await within(dialog).findByText(
        'Cette formation n’a encore aucune leçon : ajoutez-en avant de la partager.',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      courseId: COURSE_ID,
      summary: 'Un résumé',
      category: 'other',
      level: 'beginner',
      language: 'fr',
      durationMinutes: 420,
      asPlatform: false,
    });
  });
});
