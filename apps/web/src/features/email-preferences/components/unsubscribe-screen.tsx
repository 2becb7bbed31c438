import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { useConfirmUnsubscribe, useUnsubscribeLink } from '../api/email-preferences';

/** Where a person changes every choice: their profile (signing in first if need be). */
const PREFERENCES_HREF = '/profile#email-preferences';

const isInvalidLink = (error: unknown) =>
  isApiError(error, 'UNSUBSCRIBE_LINK_INVALID') || isApiError(error, 'VALIDATION_ERROR');

/**
 * /unsubscribe?token=… from an email's footer: says which emails the link stops and asks before
 * doing it, since mail scanners open links on their own. Mail clients' one-click unsubscribe posts
 * to the API directly (List-Unsubscribe-Post).
 */
export function UnsubscribeScreen({ token }: { token: string }) {
  const { t } = useTranslation('emailPreferences');
  const link = useUnsubscribeLink(token);
  const confirm = useConfirmUnsubscribe(token);
  const preferencesLink = (
    <Link to={PREFERENCES_HREF} className={buttonClassName('secondary', 'md', 'self-start')}>
      {t('unsubscribe.preferences')}
    </Link>
  );

  if (token === '' || (link.isError && isInvalidLink(link.error))) {
    return (
      <PublicLayout title={t('unsubscribe.title')}>
        <div className="flex flex-col gap-4">
          <Alert variant="info">{t('unsubscribe.invalid')}</Alert>
          {preferencesLink}
        </div>
      </PublicLayout>
    );
  }
  if (link.isPending) {
    return (
      <PublicLayout title={t('unsubscribe.title')}>
        <Spinner label={t('unsubscribe.loading')} />
      </PublicLayout>
    );
  }
  if (link.isError) {
    return (
      <PublicLayout title={t('unsubscribe.title')}>
        <Alert variant="error">{getErrorMessage(link.error)}</Alert>
      </PublicLayout>
    );
  }

  const kind = t(`kinds.${link.data.kind}.label`);
  if (link.data.unsubscribed) {
    return (
      <PublicLayout title={t('unsubscribe.title')}>
        <div className="flex flex-col gap-4">
          <Alert variant="success" title={t('unsubscribe.doneTitle')}>
            {t('unsubscribe.done', { kind })}
          </Alert>
          <p className="text-sm text-muted-foreground">{t('unsubscribe.changeMind')}</p>
          {preferencesLink}
        </div>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title={t('unsubscribe.title')} description={t('unsubscribe.question', { kind })}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-foreground">{t('unsubscribe.explain')}</p>
        {confirm.isError && <Alert variant="error">{getErrorMessage(confirm.error)}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => confirm.mutate()} isLoading={confirm.isPending}>
            {t('unsubscribe.confirm')}
          </Button>
          {preferencesLink}
        </div>
      </div>
    </PublicLayout>
  );
}
