import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { FeaturePending } from '@/components/feature-pending';
import { PageHeader } from '@/components/layouts/app-layout';
import { PublicLayout } from '@/components/layouts/public-layout';
import type { PendingScreenKey } from '@/config/paths';

/** What the router attaches to a screen whose feature is not there yet (see PENDING_SCREENS). */
export interface PendingScreenHandle {
  pendingScreen: PendingScreenKey;
}

function usePendingScreenTitle(): string {
  const { t } = useTranslation('navigation');
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .map((match) => match.handle as Partial<PendingScreenHandle> | undefined)
    .find((candidate) => candidate?.pendingScreen);
  return t(`screens.${handle?.pendingScreen ?? 'publicPage'}`);
}

/** A signed-in screen awaiting its feature: the frame around it, its title and an honest empty state. */
export function PendingScreen() {
  const title = usePendingScreenTitle();
  return (
    <>
      <PageHeader title={title} />
      <FeaturePending />
    </>
  );
}

/** The same for a page open to visitors. */
export function PublicPendingScreen() {
  const title = usePendingScreenTitle();
  return (
    <PublicLayout title={title}>
      <FeaturePending />
    </PublicLayout>
  );
}
