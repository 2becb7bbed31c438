import { useLayoutEffect } from 'react';
import { useOrganizationBranding } from '../api/organization-branding';
import { applyBrandPalette } from '../lib/brand-theme';

/**
 * The organisation's brand colour, applied to the app while the calling screen is shown, and its
 * branding. Applied before the screen paints, so a lesson opened from the formation page (another
 * layout) keeps the colours rather than flashing the app's own between the two.
 */
function useOrganizationPalette() {
  const { data: branding } = useOrganizationBranding();
  const palette = branding?.palette ?? null;

  useLayoutEffect(() => {
    applyBrandPalette(palette);
    return () => applyBrandPalette(null);
  }, [palette]);

  return branding;
}

/** The brand colour alone, for the screens without the sidebar (the lesson reader). */
export function OrganizationPalette() {
  useOrganizationPalette();
  return null;
}

/**
 * The sidebar header's organisation (issue 16 point 9): its logo and name, and its brand colour
 * applied to the app for its members. Nothing shows until it is known, nor when it cannot be read:
 * the frame keeps its own name and colours.
 */
export function OrganizationBrand() {
  const branding = useOrganizationPalette();
  if (!branding) return null;
  return (
    <div className="flex min-w-0 items-center gap-2">
      {branding.logoUrl && (
        <img
          src={branding.logoUrl}
          alt=""
          className="size-8 shrink-0 rounded object-contain"
          width={32}
          height={32}
        />
      )}
      <span className="truncate text-sm font-semibold text-foreground">{branding.name}</span>
    </div>
  );
}
