import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const backend = 'http://127.0.0.1:8080';

/**
 * Writes `.br` and `.gz` beside every text asset at the strongest settings, once per build, so
 * the server sends them as they are instead of compressing on every request at a fast setting.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'swaz-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir).filter((name) => /\.(js|css|html|svg|txt|json)$/.test(name))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * React Router's package exports name only its development build (warnings and checks on every
 * navigation); a production bundle takes the production build it also ships.
 */
const reactRouterProduction = [
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
];

/** The header's navy (styles/_tokens.scss, $swaz-navy): the phone's status bar and splash screen. */
const NAVY = '#0b1f3a';

/**
 * The installable app (issue 28): `/manifest.webmanifest` and the service worker `/sw.js`, which
 * precaches the app shell and keeps the last answer of the reads the dashboard and the bedtime
 * routine need, so they open in airplane mode. A new version waits for the athlete's "Reload"
 * (registerType 'prompt'); it never takes over in the middle of a routine.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/user-dashboard',
    name: 'SWAZ',
    short_name: 'SWAZ',
    description: 'Mental-performance training for athletes: 10 minutes a day, and the bedtime routine.',
    lang: 'en',
    start_url: '/user-dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: NAVY,
    background_color: NAVY,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Reminders as notifications: the push and notificationclick handlers (public/push-sw.js).
    importScripts: ['/push-sw.js'],
    // The two self-hosted fonts (styles/_fonts.scss) too: offline, the app keeps its own look.
    globPatterns: ['**/*.{js,css,html,svg,png,ico,txt,woff2}'],
    navigateFallback: '/index.html',
    // Server pages and the API are never answered with the app shell.
    navigateFallbackDenylist: [/^\/_api\//, /^\/auth\/v1\//, /^\/_dev\//, /^\/healthz/],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Serialized into sw.js: no references outside the function.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin &&
          request.method === 'GET' &&
          /^\/_api\/v1\/(dashboard|swazprofile|userinput\/athleticvision|checkin|site)$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'swaz-api',
          // Past this the last answer shows and the network's still updates the cache.
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 40, maxAgeSeconds: 30 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // The athlete's recording plays in airplane mode once played (or saved) online. Network
        // first, so a new recording replaces the copy; the page fetches it whole, Range requests
        // (a player seeking) are answered from the whole copy.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin && request.method === 'GET' && url.pathname === '/_api/v1/userinput/athleticvision/recording',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'swaz-recording',
          networkTimeoutSeconds: 8,
          expiration: { maxEntries: 1 },
          cacheableResponse: { statuses: [200] },
          rangeRequests: true,
        },
      },
    ],
  },
});

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress(), ...(mode === 'test' ? [] : [pwa])],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(mode === 'production' ? reactRouterProduction : []),
    ],
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and global functions; its warnings are not ours.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'mixed-decls', 'if-function'] },
    },
  },
  server: {
    proxy: {
      '/auth/v1': backend,
      '/_api': backend,
      '/_dev': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Ship every asset as a file: the CSP allows images from 'self' only.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
}));
