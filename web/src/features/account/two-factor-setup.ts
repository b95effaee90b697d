/** auth-js turns the server's SVG into a data: URI by prefixing it, leaving the markup raw. */
const RAW_SVG_URI = /^data:image\/svg\+xml;(?:charset=)?utf-8,(?=\s*<)/i;

/**
 * A data: URI the browser can show for the enrollment's QR code. auth-js answers
 * `data:image/svg+xml;utf-8,<svg ...>` with the markup unescaped; its `#` colours would end the
 * URI early (a fragment), so raw markup is percent-encoded. Anything else is used as it is.
 */
export function qrImageSource(qrCode: string): string {
  const raw = RAW_SVG_URI.exec(qrCode);
  const svg = raw ? qrCode.slice(raw[0].length) : qrCode.trimStart().startsWith('<') ? qrCode : null;
  return svg === null ? qrCode : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The setup key in groups of four, easier to copy by hand ('JBSW Y3DP EHPK 3PXP'). */
export function groupedSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
