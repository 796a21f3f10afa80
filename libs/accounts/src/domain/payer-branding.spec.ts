import { DEFAULT_BRAND_COLOR, payerBrandingOf } from './payer-branding';

const contrast = (a: string, b: string) => {
  const lum = (hex: string) => {
    const c = (o: number) => {
      const v = parseInt(hex.slice(o, o + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5);
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

describe('payer branding', () => {
  it('uses the brand settings, else the business name and the default colour', () => {
    expect(
      payerBrandingOf(
        { brandName: 'Kopi Kenangan', brandLogoUrl: 'https://cdn.example/logo.png', brandColor: '#ffcc00' },
        'PT Kopi',
      ),
    ).toEqual({
      name: 'Kopi Kenangan',
      logoUrl: 'https://cdn.example/logo.png',
      color: '#FFCC00',
      onColor: '#000000',
    });
    expect(payerBrandingOf(undefined, 'PT Kopi')).toEqual({
      name: 'PT Kopi',
      color: DEFAULT_BRAND_COLOR,
      onColor: '#FFFFFF',
    });
  });

  it('always picks a text colour with at least 4.5:1 contrast on the brand colour', () => {
    for (let value = 0; value < 0xffffff; value += 0x0a0b0c) {
      const color = `#${value.toString(16).padStart(6, '0')}`;
      const branding = payerBrandingOf({ brandColor: color }, 'x');
      expect(contrast(branding.color, branding.onColor)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
