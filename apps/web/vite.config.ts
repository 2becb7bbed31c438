import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The dark theme's --background (src/styles.css): the default theme, so the splash screen matches it. */
const DARK_BACKGROUND = '#020617';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // SPEC 7: the app installs as a PWA, with its service worker at /sw.js. The PNG icons in public/
    // are committed renders of favicon.svg (rsvg-convert), so the build downloads and draws nothing.
    VitePWA({
      // SPEC 4: a new version waits until the user accepts the update toast (lib/service-worker.ts).
      registerType: 'prompt',
      // lib/service-worker.ts registers it: an injected inline script would break the CSP.
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Cursus',
        short_name: 'Cursus',
        description:
          'Plateforme de formation pour les organismes de formation : formations, suivi des apprenants et conformité Qualiopi.',
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: DARK_BACKGROUND,
        background_color: DARK_BACKGROUND,
        categories: ['education', 'productivity'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell (translations are bundled into the JS); the icons come from includeAssets and
        // the manifest, so listing them here too would precache them twice.
        globPatterns: ['**/*.{js,css,html,woff2}'],
        // The lesson editor (TipTap, about 130 kB gzipped) loads only when a trainer edits a lesson:
        // learners installing the app should not download it.
        globIgnores: ['**/rich-text-editor-*.js'],
        navigateFallback: 'index.html',
        // API answers and server pages (email links to /api/auth/..., /api/docs) always go to the network.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // No runtimeCaching: the service worker never stores an API response.
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    // The API sets same-site, http-only cookies: proxying keeps the SPA and the API on one origin in development.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: fileURLToPath(new URL('./dist', import.meta.url)), emptyOutDir: true },
});
