import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, type UIMatch, useLocation, useMatches } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { brandFor, currentHost } from '@/lib/gating/subdomain';
import { reloadIntoUpdate } from '@/lib/version/version';

export interface RouteHandle {
  /** Key under "routes." in the i18n resources. */
  title: string;
  titleParam?: string;
}

function isHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

/** Route title, then the route's title parameter, then the brand for the domain. */
export function pageTitle(matches: UIMatch[], translate: (key: string) => string, brand: string): string {
  const match = [...matches].reverse().find((m) => isHandle(m.handle));
  if (!match || !isHandle(match.handle)) return brand;
  const param = match.handle.titleParam ? match.params[match.handle.titleParam] : undefined;
  const title = translate(`routes.${match.handle.title}`);
  return `${title}${param ? ` ${param}` : ''} — ${brand}`;
}

/** Top of the tree: page title, scroll to top on navigation, and reload into a pending new version. */
export function RootRoute() {
  const location = useLocation();
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (reloadIntoUpdate(`${location.pathname}${location.search}${location.hash}`)) return;
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the translated title
  useEffect(() => {
    document.title = pageTitle(matches, (key) => t(key), brandFor(currentHost()));
  }, [matches, t, i18n.language]);

  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
}
