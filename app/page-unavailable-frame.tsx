import { BareFrame } from '@/components/app-shell/bare-frame';
import { PageUnavailable, type PageUnavailableProps } from '@/components/states/page-unavailable';
import { pageSessionIfAny } from '@/lib/server/page-session';
import { openPages, PAGES } from '@/lib/team/pages';
import { DashboardFrame } from './dashboard-frame';

/**
 * What app/forbidden.tsx and app/not-found.tsx render: the sentence inside the dashboard's frame,
 * with the overview and orders as the way back (the header's navigation lists the rest). With no
 * one signed in, or no session store to read, a bare header and the overview's link (which leads
 * to the sign-in page when needed).
 */
export async function PageUnavailableFrame({ title, sentence }: Omit<PageUnavailableProps, 'pages'>) {
  const session = await pageSessionIfAny();
  if (session)
    return (
      <DashboardFrame person={session.person}>
        <PageUnavailable title={title} sentence={sentence} pages={openPages(session.person).slice(0, 2)} />
      </DashboardFrame>
    );
  return (
    <BareFrame>
      <PageUnavailable title={title} sentence={sentence} pages={PAGES.slice(0, 1)} />
    </BareFrame>
  );
}
