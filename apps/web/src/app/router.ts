import { createBrowserRouter } from 'react-router';
import { onLogout } from '../lib/session';
import { isLoginPath } from './guards/route-guard';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// Every logout (user menu, refused refresh, deactivated user) ends on /login, remembering the page.
onLogout(() => {
  const { pathname, search } = router.state.location;
  const next = isLoginPath(pathname) ? '' : `?next=${encodeURIComponent(pathname + search)}`;
  void router.navigate(`/login${next}`, { replace: true });
});
