// Debian's Chromium as every browser test starts it: no sandbox (containers), no GPU, and none of
// its own traffic (QUIC, updates, sync) on a machine without the internet.
export const chromiumPath = '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
