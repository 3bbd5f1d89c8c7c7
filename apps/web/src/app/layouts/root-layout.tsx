import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isLoginPath } from '../guards/route-guard';
import { setPreviousPath } from '../navigation-history';

/** Wraps every route: scroll to the top on new navigations, remember the shown path for the guard. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  // A layout effect: recorded as the page commits, before anything can navigate away from it.
  useLayoutEffect(() => {
    // The login page is no place to send a signed-in user back to, and after a logout session
    // storage must stay empty.
    if (!isLoginPath(pathname)) setPreviousPath(pathname + search);
  }, [pathname, search]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
