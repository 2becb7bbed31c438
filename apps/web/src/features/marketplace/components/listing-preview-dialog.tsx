import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useImportListing, useMarketplacePreview } from '../api/marketplace';
import { ListingFacts, useFormatMinutes } from './listing-facts';

/** A template's sheet and outline, titles only, and the import of a draft copy. */
export function ListingPreviewDialog({ listingId, onClose }: { listingId: string; onClose: () => void }) {
  const { t } = useTranslation('marketplace');
  const preview = useMarketplacePreview(listingId);
  const importListing = useImportListing();
  const navigate = useNavigate();
  const formatMinutes = useFormatMinutes();
  const listing = preview.data;
  // A snapshot's outline has no ids; its positions name its parts, and it never changes while shown.
  const outline = (listing?.modules ?? []).map((module, moduleIndex) => ({
    ...module,
    key: `${moduleIndex}`,
    lessons: module.lessons.map((lesson, lessonIndex) => ({
      ...lesson,
      key: `${moduleIndex}.${lessonIndex}`,
    })),
  }));

  const onImport = () =>
    importListing.mutate(listingId, {
      onSuccess: (result) => {
        notify.success(t('import.done', { title: result.title }));
        onClose();
        navigate(paths.trainer.formation.getHref(result.courseId));
      },
    });

  return (
    <Dialog
      title={listing?.title ?? t('preview.loadingTitle')}
      closeLabel={t('close')}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('close')}
          </Button>
          <Button onClick={onImport} isLoading={importListing.isPending} disabled={!listing}>
            {t('import.action')}
          </Button>
        </>
      }
    >
      {preview.isPending && <Spinner label={t('preview.loading')} />}
      {preview.isError && (
        <LoadErrorAlert
          error={preview.error}
          title={t('preview.error')}
          retryLabel={t('retry')}
          onRetry={() => preview.refetch()}
        />
      )}
      {importListing.isError && <Alert variant="error">{getErrorMessage(importListing.error)}</Alert>}
      {listing && (
        <>
          <ListingFacts listing={listing} />
          <p className="text-sm text-foreground">{listing.summary}</p>
          {listing.description && <p className="text-sm text-muted-foreground">{listing.description}</p>}
          {listing.objectives && (
            <section aria-labelledby="marketplace-objectives">
              <h3 id="marketplace-objectives" className="text-sm font-semibold text-foreground">
                {t('preview.objectives')}
              </h3>
              <p className="text-sm whitespace-pre-line text-muted-foreground">{listing.objectives}</p>
            </section>
          )}
          <section aria-labelledby="marketplace-outline" className="flex flex-col gap-3">
            <h3 id="marketplace-outline" className="text-sm font-semibold text-foreground">
              {t('preview.outline')}
            </h3>
            <ol className="flex flex-col gap-3">
              {outline.map((module, moduleIndex) => (
                <li key={module.key} className="rounded-lg border border-border p-3">
                  <p className="text-sm font-medium text-foreground">
                    {t('preview.module', { number: moduleIndex + 1, title: module.title })}
                  </p>
                  <ul className="mt-2 flex flex-col gap-1">
                    {module.lessons.map((lesson) => (
                      <li
                        key={lesson.key}
                        className="flex justify-between gap-3 text-sm text-muted-foreground"
                      >
                        <span>
                          {lesson.title}
                          <span className="sr-only"> · {t(`lessonType.${lesson.type}`)}</span>
                        </span>
                        <span className="shrink-0">{formatMinutes(lesson.estimatedMinutes)}</span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </section>
          {listing.firstLesson && (
            <section aria-labelledby="marketplace-sample" className="flex flex-col gap-2">
              <h3 id="marketplace-sample" className="text-sm font-semibold text-foreground">
                {t('preview.sample', { title: listing.firstLesson.title })}
              </h3>
              <div
                className="rounded-lg border border-border bg-muted/40 p-3 text-sm text-foreground [&_h2]:font-semibold [&_h3]:font-medium [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc"
                // Lessons are sanitised by the server when written (sanitize-lesson-html), and the
                // snapshot copies that stored HTML: safe to render, like any lesson.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, see above.
                dangerouslySetInnerHTML={{ __html: listing.firstLesson.html }}
              />
            </section>
          )}
          <p className="text-xs text-muted-foreground">{t('import.note')}</p>
        </>
      )}
    </Dialog>
  );
}
