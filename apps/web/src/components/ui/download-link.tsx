import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClassName } from '@/components/ui/button';

export interface DownloadLinkProps {
  /** The file's address; null while the screen cannot build it (its filters are invalid). */
  href: string | null;
  children: ReactNode;
}

/**
 * A screen's main download, styled as its primary button. Without an address it stays in place as
 * a disabled button of the same name, so the layout does not jump while a filter is being fixed.
 */
export function DownloadLink({ href, children }: DownloadLinkProps) {
  if (href === null)
    return (
      <Button disabled>
        <Download aria-hidden="true" className="size-4" />
        {children}
      </Button>
    );
  return (
    <a href={href} download className={buttonClassName('primary')}>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
