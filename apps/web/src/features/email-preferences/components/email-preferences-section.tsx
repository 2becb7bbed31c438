import type { UserEmailTemplate } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/email-preferences';

/**
 * "Notifications par email" on the profile pages: one box per kind of email the person's role
 * receives, saved as soon as it is ticked or unticked. The unsubscribe links of the emails lead here.
 */
export function EmailPreferencesSection() {
  const { t } = useTranslation(['emailPreferences', 'common']);
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreferences();

  function toggle(kind: UserEmailTemplate, enabled: boolean) {
    update.mutate(
      { preferences: [{ kind, enabled }] },
      {
        onSuccess: () =>
          notify.success(
            t(enabled ? 'section.turnedOn' : 'section.turnedOff', { kind: t(`kinds.${kind}.label`) }),
          ),
        onError: (error) => notify.error(t('section.saveError'), getErrorMessage(error)),
      },
    );
  }

  return (
    <Card id="email-preferences" className="flex scroll-mt-20 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle>{t('section.title')}</CardTitle>
        <CardDescription>{t('section.description')}</CardDescription>
      </div>
      {preferences.isPending ? (
        <Spinner label={t('section.loading')} />
      ) : preferences.isError ? (
        <LoadErrorAlert
          error={preferences.error}
          title={t('section.loadError')}
          retryLabel={t('common:actions.retry')}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('section.title')}</legend>
          {preferences.data.preferences.map(({ kind, enabled }) => (
            <Checkbox
              key={kind}
              checked={enabled}
              onChange={(event) => toggle(kind, event.currentTarget.checked)}
              label={t(`kinds.${kind}.label`)}
              hint={t(`kinds.${kind}.hint`)}
            />
          ))}
        </fieldset>
      )}
    </Card>
  );
}
