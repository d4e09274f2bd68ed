import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { useThemeChoice } from '../theme/AppThemeProvider';
import { routeTitleKey } from './route-titles';

/**
 * Around every route (issue 24, WCAG 2.4.2 and 2.4.3): the page's own title in the tab, the
 * new page announced, and after a navigation that left the focus nowhere (on <body>) the focus
 * moved to the page's heading — never taken from a field the page focused itself.
 */
export function RouteFrame() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const { brand } = useThemeChoice();
  const title = `${t(routeTitleKey(pathname) as 'titles.studies')} · ${t(`app.brand.${brand}`)}`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  const firstLoad = useRef(true);
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return undefined;
    }
    let tries = 0;
    // The page's heading may come with its lazily loaded code: look for it a little while.
    const timer = setInterval(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading && ++tries < 30) return;
      clearInterval(timer);
      const lost = !document.activeElement || document.activeElement === document.body;
      if (heading && lost) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
    }, 100);
    return () => clearInterval(timer);
  }, [pathname]);

  return (
    <>
      <Outlet />
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="route-title">
        {title}
      </Box>
    </>
  );
}
