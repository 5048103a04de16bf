import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { ComingSoonPage } from '@/components/feedback/coming-soon-page';
import { canAccessChain } from '@/lib/gating/access';
import { ACCESS_DENIED_PATH } from '@/lib/gating/landing-redirect';
import { useGateContext } from '@/lib/gating/use-gate-context';
import { ROUTE_ENTRIES, type RouteEntry } from './route-table';

/** Renders a table route: the not-found page when access fails, else its page, its children or the coming page. */
export function GatedRoute({ entry }: { entry: RouteEntry }) {
  const ctx = useGateContext();
  const { t } = useTranslation();
  // A blocked company or membership reaches only the profile, which then shows where the user may still go.
  if (ctx.accessDenied && entry.fullPath !== '/profile') return <Navigate to={ACCESS_DENIED_PATH} replace />;
  if (!canAccessChain(entry.chain, ctx)) return <NotFoundPage />;
  const { def } = entry;
  if (def.children) return <Outlet />;
  if (def.page) {
    const Page = def.page;
    return <Page />;
  }
  return <ComingSoonPage capability={t(`routes.${def.title}`)} />;
}

export function childrenOf(entry: RouteEntry): RouteEntry[] {
  return ROUTE_ENTRIES.filter((child) => child.parent === entry);
}

/** Index of a parent route: its fixed default child, or the first child (without parameters) the user may enter. */
export function IndexRedirect({ entry }: { entry: RouteEntry }) {
  const ctx = useGateContext();
  const { index } = entry.def;
  if (index && index !== 'first') return <Navigate to={`${entry.fullPath}/${index}`} replace />;
  const first = childrenOf(entry).find(
    (child) =>
      !child.def.path.includes(':') &&
      !child.def.path.endsWith('create') &&
      !child.def.skipInIndex?.(ctx) &&
      canAccessChain(child.chain, ctx),
  );
  if (!first) return <NotFoundPage />;
  return <Navigate to={first.fullPath} replace />;
}
