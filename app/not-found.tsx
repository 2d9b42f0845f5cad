import type { Metadata } from 'next';
import { PageUnavailableFrame } from './page-unavailable-frame';

export const metadata: Metadata = { title: 'Page not found' };

/** An address the dashboard has no page for (404), inside the dashboard's frame with a way back. */
export default function NotFound() {
  return (
    <PageUnavailableFrame
      title="Page not found"
      sentence="There is no page at this address. It may have been mistyped, or the link may be out of date."
    />
  );
}
