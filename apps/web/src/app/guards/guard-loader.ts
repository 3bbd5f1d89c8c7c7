import { replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { notifyPermissionDenied } from '../../components/notifications/notify';
import { homePath } from '../../lib/paths';
import { isSignedIn, isStoredUserAdministrator } from '../../lib/session';
import { getPreviousPath } from '../navigation-history';
import { decideRoute } from './route-guard';

/**
 * The root loader: runs before every navigation commits (the root route always revalidates), so a
 * refused path is never shown, not even for a frame, and "staying on the previous path" is literal.
 * Which pages are administrators' only it reads off the route table it is given (a getter: the
 * table holds this loader, so it cannot import the table).
 */
export function createGuardLoader(routes: () => RouteObject[]) {
  return function guardLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const decision = decideRoute({
      path: url.pathname,
      search: url.search,
      isAuthenticated: isSignedIn(),
      isAdmin: isStoredUserAdministrator(),
      previousPath: getPreviousPath(),
      home: homePath(),
      routes: routes(),
    });
    if (decision.action === 'allow') return null;
    if (decision.reason === 'forbidden') notifyPermissionDenied();
    throw replace(decision.to);
  };
}
