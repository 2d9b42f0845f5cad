import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

// Every page is rendered per request, the not-found page included: the Content-Security-Policy
// (proxy.ts) allows only scripts that carry this response's nonce, and a page prerendered at build
// time has no nonce, so its scripts would be blocked.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'Shop Profit Dashboard', template: '%s · Shop Profit Dashboard' },
  description: 'Profit per order and per SKU, after every cost.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  colorScheme: 'light dark',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
