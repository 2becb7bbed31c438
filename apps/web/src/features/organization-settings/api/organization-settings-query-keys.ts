import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    organizationSettings: true;
  }
}

/** Query keys of the organisation's settings and legal info. */
export const organizationSettingsKeys = {
  all: getDomainKey('organizationSettings'),
  branding: () => [...organizationSettingsKeys.all, 'branding'] as const,
  /** The caller's own organisation's, or another one's read by a platform admin. */
  legalInfo: (organizationId?: string) =>
    organizationId
      ? ([...organizationSettingsKeys.all, 'legal-info', organizationId] as const)
      : ([...organizationSettingsKeys.all, 'legal-info'] as const),
  platformConfiguration: () => [...organizationSettingsKeys.all, 'platform-configuration'] as const,
};
