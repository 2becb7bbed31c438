import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/error-message';

/** SPEC 8: the session could not be checked, so no page can decide what to show. */
export function AuthUnavailable({ error }: { error: unknown }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <PublicLayout title={t('auth:unavailable.title')} description={t('auth:unavailable.description')}>
      <div className="flex flex-col gap-4">
        <Alert variant="error">{getErrorMessage(error)}</Alert>
        <Button onClick={() => window.location.reload()}>{t('common:actions.reload')}</Button>
      </div>
    </PublicLayout>
  );
}
