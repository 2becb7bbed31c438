import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOCUS_RING } from '@/components/ui/focus-ring';
import { cn } from '@/lib/cn';

export interface BreadcrumbItem {
  label: string;
  /** Absent for the current page. */
  href?: string;
}

/** Where the page sits ('Mes formations › Formation › Module'); the last item is the current page. */
export function Breadcrumb({ items, className }: { items: BreadcrumbItem[]; className?: string }) {
  const { t } = useTranslation('learning');
  return (
    <nav aria-label={t('detail.breadcrumb')} className={cn('mb-4 text-sm', className)}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted-foreground">
        {items.map((item, index) => (
          <li key={`${item.href ?? 'here'}:${item.label}`} className="flex min-w-0 items-center gap-1.5">
            {index > 0 && <ChevronRight aria-hidden="true" className="size-3.5 shrink-0" />}
            {item.href ? (
              <Link
                to={item.href}
                className={cn('rounded-sm break-words text-link hover:underline', FOCUS_RING)}
              >
                {item.label}
              </Link>
            ) : (
              <span
                aria-current={index === items.length - 1 ? 'page' : undefined}
                className="min-w-0 break-words text-foreground"
              >
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
