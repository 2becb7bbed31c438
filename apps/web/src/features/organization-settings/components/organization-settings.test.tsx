import { brandPalette, type LegalInfo, type OrganizationBranding } from '@cursus/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, renderWithProviders } from '@/testing/test-utils';
import { BRAND_STYLE_ID } from '../lib/brand-theme';
import { LegalInfoSettings } from './legal-info-form';
import { OrganizationBrand, OrganizationPalette } from './organization-brand';
import { OrganizationIdentitySettings } from './organization-identity-settings';
import { PlatformConfiguration } from './platform-configuration';

const ORGANIZATION_ID = '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11';
const LOGO_ID = '6b1f4c1e-2d7a-4e55-9a0c-1f2e3d4c5b6a';

const BRANDING: OrganizationBranding = {
  organizationId: ORGANIZATION_ID,
  name: 'Formations Lumière',
  logoFileId: null,
  logoUrl: null,
  brandColor: null,
  palette: null,
};

const EMPTY_LEGAL: LegalInfo = {
  siret: null,
  activityDeclarationNumber: null,
  qualiopiNumber: null,
  qualiopiIssuer: null,
  qualiopiValidUntil: null,
  qualiopiFileId: null,
  qualiopiFileUrl: null,
  qualiopiStatus: 'missing',
  qualiopiDaysLeft: null,
  vatNumber: null,
  addressLine: null,
  postalCode: null,
  city: null,
  country: null,
  legalRepresentativeName: null,
  legalRepresentativeTitle: null,
  updatedAt: null,
};

const puts = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'PUT' && call.path === path);

describe('organisation identity', () => {
  function renderIdentity() {
    const api = mockApi({
      'GET /api/organizations/mine/branding': { body: BRANDING },
      'PUT /api/organizations/mine/settings': (call) => {
        const body = call.body as { name: string; brandColor: string | null };
        return {
          body: {
            ...BRANDING,
            ...body,
            palette: body.brandColor ? brandPalette(body.brandColor) : null,
          },
        };
      },
    });
    renderWithProviders(<OrganizationIdentitySettings />);
    return api;
  }

  it('saves the name and a brand colour, saying how each theme keeps it readable', async () => {
    const { calls } = renderIdentity();
    const name = await screen.findByLabelText("Nom de l'organisme");
    fireEvent.change(name, { target: { value: 'Lumière Formation Lyon' } });
    fireEvent.change(screen.getByLabelText(/^Couleur de la marque/), { target: { value: '#FFCC00' } });
    // A bright yellow is darkened for the light theme, kept for the dark one.
    expect(await screen.findByText(/Éclaircie ou assombrie \(#876c00\)/)).toBeTruthy();
    expect(screen.getByText(/Couleur gardée telle quelle/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Enregistrer l'identité" }));
    await waitFor(() => expect(puts(calls, '/api/organizations/mine/settings')).toHaveLength(1));
    expect(puts(calls, '/api/organizations/mine/settings')[0]!.body).toEqual({
      name: 'Lumière Formation Lyon',
      logoFileId: null,
      brandColor: '#ffcc00',
    });
  });

  it('refuses a colour that is not #rrggbb without sending it', async () => {
    const { calls } = renderIdentity();
    const color = await screen.findByLabelText(/^Couleur de la marque/);
    fireEvent.change(color, { target: { value: 'rouge' } });
    fireEvent.click(screen.getByRole('button', { name: "Enregistrer l'identité" }));
    expect(
      await screen.findByText('Couleur de la marque : indiquez une couleur au format #rrggbb.'),
    ).toBeTruthy();
    expect(color.getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls, '/api/organizations/mine/settings')).toHaveLength(0);
  });
});

describe('organisation brand in the frame', () => {
  it('shows the logo and name, and applies the colours until it leaves', async () => {
    const palette = brandPalette('#0f766e');
    mockApi({
      'GET /api/organizations/mine/branding': {
        body: {
          ...BRANDING,
          logoFileId: LOGO_ID,
          logoUrl: `/api/files/${LOGO_ID}`,
          brandColor: '#0f766e',
          palette,
        },
      },
    });
    const view = renderWithProviders(<OrganizationBrand />);
    expect(await screen.findByText('Formations Lumière')).toBeTruthy();
    expect(view.container.querySelector('img')?.getAttribute('src')).toBe(`/api/files/${LOGO_ID}`);
    const style = document.getElementById(BRAND_STYLE_ID);
    expect(style?.textContent).toContain(`--primary: ${palette.light.primary};`);
    expect(style?.textContent).toContain(`.dark { --primary: ${palette.dark.primary};`);
    view.unmount();
    expect(document.getElementById(BRAND_STYLE_ID)).toBeNull();
  });

  it('gives the lesson reader, which has no sidebar, the same colours and nothing else', async () => {
    const palette = brandPalette('#0f766e');
    mockApi({
      'GET /api/organizations/mine/branding': { body: { ...BRANDING, brandColor: '#0f766e', palette } },
    });
    const view = renderWithProviders(<OrganizationPalette />);
    await waitFor(() =>
      expect(document.getElementById(BRAND_STYLE_ID)?.textContent).toContain(
        `--primary: ${palette.light.primary};`,
      ),
    );
    expect(view.container.textContent).toBe('');
    view.unmount();
    expect(document.getElementById(BRAND_STYLE_ID)).toBeNull();
  });
});

describe('legal info', () => {
  function renderLegal(legal: LegalInfo = EMPTY_LEGAL) {
    const api = mockApi({
      'GET /api/organizations/mine/legal-info': { body: legal },
      'PUT /api/organizations/mine/legal-info': (call) => ({
        body: { ...EMPTY_LEGAL, ...(call.body as object), updatedAt: '2026-03-02T09:00:00.000Z' },
      }),
    });
    renderWithProviders(<LegalInfoSettings />);
    return api;
  }

  it('names the field and the rule a SIRET, a NDA and a VAT number break, and sends nothing', async () => {
    const { calls } = renderLegal();
    fireEvent.change(await screen.findByLabelText('SIRET'), { target: { value: '852 379 643 00013' } });
    fireEvent.change(screen.getByLabelText("Numéro de déclaration d'activité (NDA)"), {
      target: { value: '8469123456' },
    });
    fireEvent.change(screen.getByLabelText('Numéro de TVA intracommunautaire'), {
      target: { value: 'FR13852379643' },
    });
    fireEvent.change(screen.getByLabelText('Code postal'), { target: { value: '6900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les informations légales' }));
    expect(
      await screen.findByText(
        'SIRET : la clé de contrôle (Luhn) ne correspond pas : vérifiez chaque chiffre.',
      ),
    ).toBeTruthy();
    expect(screen.getByText("Numéro de déclaration d'activité (NDA) : indiquez 11 chiffres.")).toBeTruthy();
    expect(
      screen.getByText(
        'Numéro de TVA intracommunautaire : la clé (2 chiffres après FR) ne correspond pas au SIREN.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Code postal : indiquez 5 chiffres.')).toBeTruthy();
    expect(puts(calls, '/api/organizations/mine/legal-info')).toHaveLength(0);
  });

  it('sends the identifiers without their spaces', async () => {
    const { calls } = renderLegal();
    fireEvent.change(await screen.findByLabelText('SIRET'), { target: { value: '852 379 643 00012' } });
    fireEvent.change(screen.getByLabelText('Numéro de TVA intracommunautaire'), {
      target: { value: 'FR 12 852379643' },
    });
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Lyon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les informations légales' }));
    await waitFor(() => expect(puts(calls, '/api/organizations/mine/legal-info')).toHaveLength(1));
    expect(puts(calls, '/api/organizations/mine/legal-info')[0]!.body).toMatchObject({
      siret: '85237964300012',
      vatNumber: 'FR12852379643',
      city: 'Lyon',
      postalCode: null,
      qualiopiFileId: null,
    });
    expect(await screen.findByText('Dernière mise à jour le 2 mars 2026.')).toBeTruthy();
  });

  it('warns when the Qualiopi certificate expires within 90 days', async () => {
    renderLegal({
      ...EMPTY_LEGAL,
      qualiopiNumber: 'QUA-2024-06-4817',
      qualiopiValidUntil: '2026-04-01',
      qualiopiStatus: 'expiringSoon',
      qualiopiDaysLeft: 30,
    });
    expect(await screen.findByText('Certificat Qualiopi bientôt expiré')).toBeTruthy();
    expect(
      screen.getByText("Il expire dans 30 jours, le 1 avril 2026 : pensez à l'audit de renouvellement."),
    ).toBeTruthy();
  });
});

describe('/admin/settings', () => {
  it("edits another organisation's legal info through the admin's route, without uploading there", async () => {
    const api = mockApi({
      [`GET /api/admin/organizations/${ORGANIZATION_ID}/legal-info`]: {
        body: { ...EMPTY_LEGAL, city: 'Lyon' },
      },
      [`PUT /api/admin/organizations/${ORGANIZATION_ID}/legal-info`]: (call) => ({
        body: { ...EMPTY_LEGAL, ...(call.body as object) },
      }),
    });
    renderWithProviders(<LegalInfoSettings organizationId={ORGANIZATION_ID} />);
    const city = await screen.findByLabelText('Ville');
    expect((city as HTMLInputElement).value).toBe('Lyon');
    // The certificate is the organisation's to upload: the admin only opens it.
    expect(screen.queryByRole('button', { name: 'Certificat (PDF)' })).toBeNull();
    fireEvent.change(city, { target: { value: 'Villeurbanne' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les informations légales' }));
    await waitFor(() =>
      expect(puts(api.calls, `/api/admin/organizations/${ORGANIZATION_ID}/legal-info`)).toHaveLength(1),
    );
    expect(puts(api.calls, '/api/organizations/mine/legal-info')).toHaveLength(0);
  });

  it("shows the platform's configuration: modes and which settings are set", async () => {
    mockApi({
      'GET /api/admin/platform-configuration': {
        body: {
          environment: 'production',
          appUrl: 'https://cursus.example',
          adminEmailCount: 2,
          supportEmail: 'support@cursus.example',
          mailMode: 'log',
          mailFrom: 'Cursus <no-reply@cursus.example>',
          storageMode: 's3',
          databaseEngine: 'postgres',
          settings: [
            { name: 'SMTP_URL', isSet: false },
            { name: 'AUTH_SECRET', isSet: true },
          ],
        },
      },
    });
    renderWithProviders(<PlatformConfiguration />);
    expect(await screen.findByText('Journalisés seulement (pas de SMTP_URL)')).toBeTruthy();
    expect(screen.getByText('2 adresses dans ADMIN_EMAILS')).toBeTruthy();
    expect(screen.getByText('Bucket compatible S3')).toBeTruthy();
    expect(screen.getByText('AUTH_SECRET').nextElementSibling?.textContent).toBe('définie');
    expect(screen.getByText('SMTP_URL').nextElementSibling?.textContent).toBe('non définie');
  });
});
