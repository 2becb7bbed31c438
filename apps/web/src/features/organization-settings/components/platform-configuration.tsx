import { ORGANIZATION_STORAGE_QUOTA_BYTES } from '@cursus/contracts';
import { CircleCheck, CircleMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { usePlatformConfiguration } from '../api/platform-configuration';
import { formatMegabytes } from '../lib/format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

/**
 * `/admin/settings`: how the platform runs, read only (the environment sets it): mail and storage
 * modes, the database engine, and which settings are given. No secret's value is ever sent here.
 */
export function PlatformConfiguration() {
  const { t } = useTranslation('organizationSettings');
  const configuration = usePlatformConfiguration();
  const body = () => {
    if (configuration.isPending)
      return <SkeletonCards label={t('platform.loading')} count={1} bars={['w-1/3', 'w-2/3']} />;
    if (configuration.isError)
      return (
        <LoadErrorAlert
          error={configuration.error}
          title={t('platform.error')}
          retryLabel={t('legal.retry')}
          onRetry={() => configuration.refetch()}
        />
      );
    const data = configuration.data;
    return (
      <div className="flex flex-col gap-5">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Fact label={t('platform.environment')}>{t(`platform.environments.${data.environment}`)}</Fact>
          <Fact label={t('platform.appUrl')}>{data.appUrl ?? t('platform.notSet')}</Fact>
          <Fact label={t('platform.admins')}>
            {t('platform.adminCount', { count: data.adminEmailCount })}
          </Fact>
          <Fact label={t('platform.mail')}>{t(`platform.mailModes.${data.mailMode}`)}</Fact>
          <Fact label={t('platform.mailFrom')}>{data.mailFrom}</Fact>
          <Fact label={t('platform.supportEmail')}>{data.supportEmail}</Fact>
          <Fact label={t('platform.storage')}>{t(`platform.storageModes.${data.storageMode}`)}</Fact>
          <Fact label={t('platform.quota')}>{formatMegabytes(ORGANIZATION_STORAGE_QUOTA_BYTES)}</Fact>
          <Fact label={t('platform.database')}>{t(`platform.databases.${data.databaseEngine}`)}</Fact>
        </dl>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-foreground">{t('platform.settings')}</h3>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {data.settings.map((setting) => (
              <li key={setting.name} className="flex items-center gap-2 text-sm">
                {setting.isSet ? (
                  <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success-foreground" />
                ) : (
                  <CircleMinus aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                )}
                <code className="font-mono text-xs text-foreground">{setting.name}</code>
                <span className="text-muted-foreground">
                  {setting.isSet ? t('platform.set') : t('platform.notSet')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    );
  };
  return (
    <Card as="section" aria-labelledby="platform-configuration-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id="platform-configuration-title">{t('platform.title')}</CardTitle>
        <CardDescription>{t('platform.description')}</CardDescription>
      </div>
      {body()}
    </Card>
  );
}
