import type { BrandPalette } from '@cursus/contracts';

/** The id of the style element that carries the organisation's colours. */
export const BRAND_STYLE_ID = 'organization-brand-colors';

function declarations(colors: BrandPalette['light']): string {
  // The ring and links take the primary colour too: it keeps 4.5:1 on every surface (the server
  // checked), more than the 3:1 a focus ring needs.
  return [
    `--primary: ${colors.primary};`,
    `--primary-hover: ${colors.primaryHover};`,
    `--primary-foreground: ${colors.primaryForeground};`,
    `--ring: ${colors.primary};`,
    `--link: ${colors.primary};`,
  ].join(' ');
}

/**
 * The rules that replace the app's primary colours (styles.css) with the organisation's. Added
 * after the stylesheet, they win at equal specificity; `.dark` comes last so it wins in dark mode.
 */
export function brandStyleSheet(palette: BrandPalette): string {
  return `:root { ${declarations(palette.light)} }\n.dark { ${declarations(palette.dark)} }`;
}

/** Applies the palette to the whole document (null restores the app's colours). */
export function applyBrandPalette(palette: BrandPalette | null) {
  const existing = document.getElementById(BRAND_STYLE_ID);
  if (!palette) {
    existing?.remove();
    return;
  }
  const style = existing ?? document.head.appendChild(document.createElement('style'));
  style.id = BRAND_STYLE_ID;
  style.textContent = brandStyleSheet(palette);
}
