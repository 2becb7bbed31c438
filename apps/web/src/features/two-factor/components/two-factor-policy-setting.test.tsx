import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { TwoFactorPolicySetting } from './two-factor-policy-setting';

const POLICY = '/api/organizations/mine/two-factor-policy';

describe('TwoFactorPolicySetting', () => {
  it("saves the organisation's requirement as soon as it is ticked, and links to the person's own section", async () => {
    let staffRequired = false;
    const { calls } = mockApi({
      [`GET ${POLICY}`]: () => ({ body: { staffRequired } }),
      [`PUT ${POLICY}`]: (call) => {
        staffRequired = (call.body as { staffRequired: boolean }).staffRequired;
        return { body: { staffRequired } };
      },
      'GET /api/auth/two-factor': { body: { enabled: false, required: true, recoveryCodesLeft: null } },
    });
    renderWithProviders(<TwoFactorPolicySetting profileHref="/trainer/profile#two-factor" />);
    const box = await screen.findByRole('checkbox', { name: /Exiger la double authentification/ });
    expect((box as HTMLInputElement).checked).toBe(false);

    fireEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { staffRequired: true },
    ]);
    expect(screen.getByRole('link', { name: 'Ma double authentification' }).getAttribute('href')).toBe(
      '/trainer/profile#two-factor',
    );
  });
});
