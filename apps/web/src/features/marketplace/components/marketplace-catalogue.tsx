import {
  LANGUAGES,
  type Language,
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_PUBLISHERS,
  type MarketplaceCategory,
  type MarketplaceListing,
  type MarketplacePublisher,
} from '@cursus/contracts';
import { Share2, Store } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterBar, FilterField } from '@/components/ui/filter-bar';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { SkeletonCards } from '@/components/ui/skeleton-cards';
import { getErrorMessage } from '@/lib/error-message';
import { notify } from '@/lib/toast';
import { useMarketplaceListings, useUnshareListing } from '../api/marketplace';
import { ListingFacts } from './listing-facts';
import { ListingPreviewDialog } from './listing-preview-dialog';
import { ShareFormationDialog } from './share-formation-dialog';

const PAGE_SIZE = 12;

function ListingCard({
  listing,
  onPreview,
  onUnshare,
}: {
  listing: MarketplaceListing;
  onPreview: () => void;
  onUnshare: () => void;
}) {
  const { t } = useTranslation('marketplace');
  return (
    <Card as="li" padding="p-4" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-semibold text-foreground">{listing.title}</h2>
        <p className="text-sm text-muted-foreground">{listing.summary}</p>
      </div>
      <ListingFacts listing={listing} />
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={onPreview}>
          {t('card.preview')}
          <span className="sr-only"> {listing.title}</span>
        </Button>
        {listing.canManage && (
          <Button size="sm" variant="ghost" onClick={onUnshare}>
            {t('unshare.action')}
            <span className="sr-only"> {listing.title}</span>
          </Button>
        )}
        {listing.importCount > 0 && (
          <span className="text-xs text-muted-foreground">
            {t('card.imports', { count: listing.importCount })}
          </span>
        )}
      </div>
    </Card>
  );
}

/** /trainer/marketplace: find a template, preview it, import it; share the organisation's own. */
export function MarketplaceCatalogue({ canPublishAsPlatform }: { canPublishAsPlatform: boolean }) {
  const { t } = useTranslation('marketplace');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<MarketplaceCategory | ''>('');
  const [language, setLanguage] = useState<Language | ''>('');
  const [publisher, setPublisher] = useState<MarketplacePublisher | ''>('');
  const [mine, setMine] = useState(false);
  const listings = useMarketplaceListings({
    page,
    pageSize: PAGE_SIZE,
    search: search || undefined,
    category: category || undefined,
    language: language || undefined,
    publisher: publisher || undefined,
    mine: mine ? 'true' : undefined,
  });
  const unshare = useUnshareListing();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [unsharing, setUnsharing] = useState<MarketplaceListing | null>(null);
  const [isSharing, setIsSharing] = useState(false);
  const ids = { search: useId(), category: useId(), language: useId(), publisher: useId() };
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const isFiltered = Boolean(search || category || language || publisher || mine);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t('intro')}</p>
        <Button onClick={() => setIsSharing(true)}>
          <Share2 aria-hidden="true" className="size-4" />
          {t('share.open')}
        </Button>
      </div>
      <FilterBar label={t('filters.label')} className="lg:grid-cols-[1.2fr_1fr_1fr_1fr]">
        <FilterField label={t('filters.search')} htmlFor={ids.search}>
          <Input
            id={ids.search}
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => filtered(setSearch)(e.target.value)}
          />
        </FilterField>
        <FilterField label={t('filters.category')} htmlFor={ids.category}>
          <Select
            id={ids.category}
            value={category}
            onChange={(e) => filtered(setCategory)(e.target.value as MarketplaceCategory | '')}
          >
            <option value="">{t('filters.allCategories')}</option>
            {MARKETPLACE_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {t(`category.${option}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('filters.language')} htmlFor={ids.language}>
          <Select
            id={ids.language}
            value={language}
            onChange={(e) => filtered(setLanguage)(e.target.value as Language | '')}
          >
            <option value="">{t('filters.allLanguages')}</option>
            {LANGUAGES.map((option) => (
              <option key={option} value={option}>
                {t(`language.${option}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t('filters.publisher')} htmlFor={ids.publisher}>
          <Select
            id={ids.publisher}
            value={publisher}
            onChange={(e) => filtered(setPublisher)(e.target.value as MarketplacePublisher | '')}
          >
            <option value="">{t('filters.allPublishers')}</option>
            {MARKETPLACE_PUBLISHERS.map((option) => (
              <option key={option} value={option}>
                {t(`filters.publishers.${option}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <Checkbox
          label={t('filters.mine')}
          className="sm:col-span-2 lg:col-span-4"
          checked={mine}
          onChange={(e) => filtered(setMine)(e.target.checked)}
        />
      </FilterBar>
      {listings.isPending && <SkeletonCards label={t('list.loading')} count={3} bars={['w-1/2', 'w-full']} />}
      {listings.isError && (
        <LoadErrorAlert
          error={listings.error}
          title={t('list.error')}
          retryLabel={t('retry')}
          onRetry={() => listings.refetch()}
        />
      )}
      {listings.data?.total === 0 &&
        (isFiltered ? (
          <EmptyState
            icon={Store}
            title={t('list.noMatchTitle')}
            description={t('list.noMatchDescription')}
          />
        ) : (
          <EmptyState icon={Store} title={t('list.emptyTitle')} description={t('list.emptyDescription')} />
        ))}
      {listings.data && listings.data.total > 0 && (
        <PagedList
          query={listings}
          label={t('list.label')}
          summary={
            <p className="text-sm text-muted-foreground">
              {t('list.summary', { count: listings.data.total })}
            </p>
          }
          pagesLabel={t('list.pages')}
          onPageChange={setPage}
        >
          {listings.data.items.map((listing) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              onPreview={() => setPreviewing(listing.id)}
              onUnshare={() => setUnsharing(listing)}
            />
          ))}
        </PagedList>
      )}
      {previewing && <ListingPreviewDialog listingId={previewing} onClose={() => setPreviewing(null)} />}
      {isSharing && (
        <ShareFormationDialog
          canPublishAsPlatform={canPublishAsPlatform}
          onClose={() => setIsSharing(false)}
        />
      )}
      {unsharing && (
        <ConfirmDialog
          title={t('unshare.title', { title: unsharing.title })}
          description={t('unshare.description')}
          confirmLabel={t('unshare.action')}
          isPending={unshare.isPending}
          onClose={() => setUnsharing(null)}
          onConfirm={() =>
            unshare.mutate(unsharing.id, {
              onSuccess: () => {
                notify.success(t('unshare.done'));
                setUnsharing(null);
              },
              onError: (error) => notify.error(getErrorMessage(error)),
            })
          }
        />
      )}
    </div>
  );
}
