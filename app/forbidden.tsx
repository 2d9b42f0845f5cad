import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { PATHNAME_HEADER } from '@/lib/session/gate';
import { refusal } from '@/lib/team/pages';
import { PageUnavailableFrame } from './page-unavailable-frame';

export const metadata: Metadata = { title: 'No access' };

/** A page the person's role or access does not include (403 from the dashboard layout): which, why, whom to ask. */
export default async function Forbidden() {
  const { label, sentence } = refusal((await headers()).get(PATHNAME_HEADER) ?? '/');
  return <PageUnavailableFrame title={label} sentence={sentence} />;
}
