/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // forbidden() and app/forbidden.tsx: a page a person may not use answers 403 inside the dashboard's frame.
  experimental: { authInterrupts: true },
  // Native and server-only drivers stay outside the bundle.
  serverExternalPackages: ['better-sqlite3', 'pg', 'ioredis', 'kysely', '@node-rs/argon2', 'nodemailer'],
  // Pages are named for their labels; the old URLs stay valid for bookmarks. Next.js carries the
  // query string over on a redirect, so `/skus?range=last-7-days` keeps its view.
  async redirects() {
    return [
      { source: '/skus', destination: '/sku-profit', permanent: true },
      { source: '/products', destination: '/sku-costs', permanent: true },
    ];
  },
  // Browsers ask for /favicon.ico when a page names no icon (a JSON or CSV opened in a tab, or
  // the moment a client-side navigation swaps the head): the app's icon answers, not a 404.
  async rewrites() {
    return [{ source: '/favicon.ico', destination: '/icon.svg' }];
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'same-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          // Production only: a development server on plain http://localhost must stay reachable.
          // Browsers ignore it over plain HTTP, so a LAN setup without TLS is not locked out.
          ...(process.env.NODE_ENV === 'production'
            ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]
            : []),
        ],
      },
    ];
  },
};

export default nextConfig;
