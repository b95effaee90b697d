import { describe, expect, it } from 'vitest';
import { groupedSecret, qrImageSource } from './two-factor-setup';

const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect fill="#fff"/></svg>';

describe('qrImageSource', () => {
  it("percent-encodes the raw markup auth-js prefixes, so the '#' colours stay in the image", () => {
    const source = qrImageSource(`data:image/svg+xml;utf-8,${SVG}`);
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(source).not.toContain('#');
    expect(decodeURIComponent(source.slice(source.indexOf(',') + 1))).toBe(SVG);
  });

  it('wraps bare SVG markup', () => {
    expect(qrImageSource(SVG)).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
  });

  it('keeps a URI that is already encoded', () => {
    const base64 = 'data:image/svg+xml;base64,PHN2Zy8+';
    const encoded = `data:image/svg+xml;utf-8,${encodeURIComponent(SVG)}`;
    expect(qrImageSource(base64)).toBe(base64);
    expect(qrImageSource(encoded)).toBe(encoded);
  });
});

describe('groupedSecret', () => {
  it('splits the key in groups of four', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupedSecret(' JBSW Y3DP ')).toBe('JBSW Y3DP');
    expect(groupedSecret('')).toBe('');
  });
});
