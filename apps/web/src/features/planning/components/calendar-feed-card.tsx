import { CalendarPlus, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { dateTimeFormat } from '@/lib/intl';
import { notify } from '@/lib/toast';
import { useCalendarFeed, useRemoveCalendarFeed, useResetCalendarFeed } from '../api/planning';

/** Calendar apps open `webcal:` links as a subscription rather than a one-off download. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * The person's private iCalendar subscription: the URL to paste into a calendar app, copied in one
 * click; a new one replaces it (the old stops working), or it is turned off.
 */
export function CalendarFeedCard() {
  const { t, i18n } = useTranslation(['planning', 'common']);
  const inputId = useId();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const remove = useRemoveCalendarFeed();
  const [confirming, setConfirming] = useState<'reset' | 'remove' | null>(null);
  const url = feed.data?.url ?? null;

  const onCopy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('planning:feed.copied'));
    } catch {
      // No clipboard (an insecure page, a refused permission): the text is selected to copy by hand.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      notify.info(t('planning:feed.copyByHand'));
    }
  };

  const onCreate = async () => {
    try {
      await reset.mutateAsync();
      setConfirming(null);
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };
  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(null);
    } catch (error) {
      notify.error(getErrorMessage(error));
    }
  };

  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle>{t('planning:feed.title')}</CardTitle>
        <CardDescription>{t('planning:feed.description')}</CardDescription>
      </div>
      {feed.isPending && <Spinner size="sm" label={t('common:loading')} />}
      {feed.isError && (
        <LoadErrorAlert
          error={feed.error}
          title={t('planning:feed.loadError')}
          retryLabel={t('common:actions.retry')}
          onRetry={() => feed.refetch()}
        />
      )}
      {feed.isSuccess && !url && (
        <Button className="self-start" onClick={onCreate} disabled={reset.isPending}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          {t('planning:feed.create')}
        </Button>
      )}
      {url && (
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium">
              {t('planning:feed.urlLabel')}
            </label>
            <div className="flex gap-2">
              <Input id={inputId} readOnly value={url} onFocus={(event) => event.target.select()} />
              <Button variant="secondary" onClick={onCopy}>
                <Copy aria-hidden="true" className="size-4" />
                {t('planning:feed.copy')}
              </Button>
            </div>
            {feed.data?.createdAt && (
              <p className="text-xs text-muted-foreground">
                {t('planning:feed.createdAt', {
                  date: dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
                    new Date(feed.data.createdAt),
                  ),
                })}
              </p>
            )}
          </div>
          <Alert variant="warning">{t('planning:feed.secret')}</Alert>
          <div className="flex flex-wrap gap-2">
            <a className={buttonClassName('secondary', 'sm')} href={webcalUrl(url)}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              {t('planning:feed.subscribe')}
            </a>
            <Button variant="ghost" size="sm" onClick={() => setConfirming('reset')}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('planning:feed.reset')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming('remove')}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('planning:feed.remove')}
            </Button>
          </div>
        </>
      )}
      {confirming === 'reset' && (
        <ConfirmDialog
          title={t('planning:feed.resetTitle')}
          description={t('planning:feed.resetDescription')}
          confirmLabel={t('planning:feed.reset')}
          onConfirm={onCreate}
          onClose={() => setConfirming(null)}
          isPending={reset.isPending}
        />
      )}
      {confirming === 'remove' && (
        <ConfirmDialog
          title={t('planning:feed.removeTitle')}
          description={t('planning:feed.removeDescription')}
          confirmLabel={t('planning:feed.remove')}
          onConfirm={onRemove}
          onClose={() => setConfirming(null)}
          isPending={remove.isPending}
          isDanger
        />
      )}
    </Card>
  );
}
