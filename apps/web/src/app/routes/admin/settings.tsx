import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/app-layout';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { LegalInfoSettings } from '@/features/organization-settings/components/legal-info-form';
import { PlatformConfiguration } from '@/features/organization-settings/components/platform-configuration';
import { useOrganizations } from '@/features/organizations/api/get-organizations';

/**
 * SPEC 2 /admin/settings: the platform's configuration, read only, and any organisation's legal
 * info, chosen here and edited as its staff would (each save in the audit log). The organisation
 * chosen stays in the address (`?org=`).
 */
export default function AdminSettingsRoute() {
  const { t } = useTranslation('organizationSettings');
  const [searchParams, setSearchParams] = useSearchParams();
  const organizations = useOrganizations();
  const selectId = useId();
  const organizationId = searchParams.get('org') ?? '';
  return (
    <>
      <PageHeader title={t('adminSettings.title')} description={t('adminSettings.description')} />
      <div className="flex flex-col gap-6">
        <PlatformConfiguration />
        <Card as="section" aria-labelledby="admin-organization-settings" className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <CardTitle id="admin-organization-settings">{t('adminSettings.organizationTitle')}</CardTitle>
            <CardDescription>{t('adminSettings.organizationDescription')}</CardDescription>
          </div>
          <div className="flex max-w-md flex-col gap-1.5">
            <Label htmlFor={selectId}>{t('adminSettings.organization')}</Label>
            <Select
              id={selectId}
              value={organizationId}
              onChange={(event) =>
                setSearchParams(event.target.value ? { org: event.target.value } : {}, { replace: true })
              }
            >
              <option value="">{t('adminSettings.chooseOrganization')}</option>
              {(organizations.data?.items ?? []).map((organization) => (
                <option key={organization.id} value={organization.id}>
                  {organization.name}
                </option>
              ))}
            </Select>
          </div>
        </Card>
        {organizationId && <LegalInfoSettings key={organizationId} organizationId={organizationId} />}
      </div>
    </>
  );
}
