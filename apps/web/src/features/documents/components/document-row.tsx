import type { Document } from '@cursus/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { DocumentAction } from './document-dialogs';
import { CategoryBadge, FileLink, useFormatDate, useFormatSize, VisibilityText } from './document-labels';

/**
 * One document with its facts; with `onAction`, staff's actions on it (edit, new version,
 * versions, delete), each naming the document for screen readers.
 */
export function DocumentRow({
  document,
  onAction,
  headingLevel = 'h3',
}: {
  document: Document;
  onAction?: (action: DocumentAction) => void;
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  const { t } = useTranslation('documents');
  const formatDate = useFormatDate();
  const formatSize = useFormatSize();
  const Heading = headingLevel;
  const act = (kind: DocumentAction['kind']) => () => onAction?.({ kind, document });
  return (
    <Card as="li" padding="p-4" className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Heading className="text-base font-semibold text-foreground">{document.title}</Heading>
          <CategoryBadge document={document} />
        </div>
        {onAction && (
          <p className="text-sm text-foreground">
            <VisibilityText document={document} />
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          {t('list.facts', {
            file: document.fileName,
            size: formatSize(document.sizeBytes),
            version: document.version,
            date: formatDate(document.updatedAt),
          })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <FileLink href={document.fileUrl} label={t('actions.open')} name={document.title} />
        {onAction &&
          (['edit', 'replace', 'versions', 'delete'] as const).map((kind) => (
            <Button key={kind} variant="ghost" size="sm" onClick={act(kind)}>
              {t(`actions.${kind}`)}
              <span className="sr-only"> {document.title}</span>
            </Button>
          ))}
      </div>
    </Card>
  );
}
