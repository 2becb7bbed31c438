import {
  Activity,
  BellRing,
  FileCheck,
  HeartPulse,
  type LucideIcon,
  TrendingUp,
  Webhook,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

type ShortcutKey =
  | 'monitoring'
  | 'systemMonitoring'
  | 'health'
  | 'fundingWebhooks'
  | 'documentRequirements'
  | 'improvements';

const SHORTCUTS: readonly { key: ShortcutKey; href: string; icon: LucideIcon }[] = [
  { key: 'monitoring', href: paths.admin.monitoring.getHref(), icon: Activity },
  { key: 'systemMonitoring', href: paths.admin.systemMonitoring.getHref(), icon: BellRing },
  { key: 'health', href: paths.admin.health.getHref(), icon: HeartPulse },
  { key: 'fundingWebhooks', href: paths.admin.fundingWebhooks.getHref(), icon: Webhook },
  { key: 'documentRequirements', href: paths.admin.documentRequirements.getHref(), icon: FileCheck },
  { key: 'improvements', href: paths.admin.improvements.getHref(), icon: TrendingUp },
];

/**
 * The admin's screens that have no menu entry (SPEC 2: onboarding is the one admin-only entry), one
 * click from the dashboard.
 */
export function AdminShortcuts() {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <Card as="section" padding="p-4 sm:p-5" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        {t('shortcuts.title')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {SHORTCUTS.map(({ key, href, icon: Icon }) => (
          <li key={key}>
            <Link
              to={href}
              className={cn(
                'flex h-full items-start gap-3 rounded-md border border-border p-3 hover:bg-muted',
                FOCUS_RING,
              )}
            >
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span className="flex flex-col gap-0.5">
                <span className="text-sm font-medium text-foreground">{t(`shortcuts.${key}.label`)}</span>
                <span className="text-xs text-muted-foreground">{t(`shortcuts.${key}.description`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
