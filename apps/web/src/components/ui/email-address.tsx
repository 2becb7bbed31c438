import { cn } from '@/lib/cn';

/**
 * An e-mail address that wraps, when its column is too narrow for it, before its "@" rather than
 * anywhere in the name ("camille.dupont@demo.cursus.exa" / "mple"), and anywhere only when a part
 * is still too long for the line.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  const at = address.lastIndexOf('@');
  return (
    <span className={cn('[overflow-wrap:anywhere]', className)}>
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  );
}
