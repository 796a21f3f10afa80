import type { BusinessSettings } from './business-settings';

/** What a payer page shows of the merchant: its name, logo and colour (settings `brand_*`). */
export interface PayerBranding {
  name: string;
  logoUrl?: string;
  /** The accent colour, `#RRGGBB`. */
  color: string;
  /** Text on the accent colour: black or white, whichever contrasts more (at least 4.58:1 for any colour). */
  onColor: '#FFFFFF' | '#000000';
}

export const DEFAULT_BRAND_COLOR = '#1F4E8C';

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * The merchant as payers see it: the settings' brand name (else the business name), logo and
 * colour, with a text colour readable on that colour (WCAG contrast: the better of black and
 * white is always above 4.5:1).
 */
export function payerBrandingOf(
  settings: Pick<BusinessSettings, 'brandName' | 'brandLogoUrl' | 'brandColor'> | undefined,
  businessName: string,
): PayerBranding {
  const color =
    settings?.brandColor && /^#[0-9A-Fa-f]{6}$/.test(settings.brandColor)
      ? settings.brandColor.toUpperCase()
      : DEFAULT_BRAND_COLOR;
  const light = luminance(color);
  const onColor = (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) ? '#000000' : '#FFFFFF';
  return {
    name: settings?.brandName || businessName,
    ...(settings?.brandLogoUrl && { logoUrl: settings.brandLogoUrl }),
    color,
    onColor,
  };
}
