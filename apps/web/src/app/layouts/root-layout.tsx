import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { setPreviousPath } from '../navigation-history';

/** Wraps every route: scroll to the top on new navigations, remember the shown path for the guard. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    setPreviousPath(pathname + search);
  }, [pathname, search]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
