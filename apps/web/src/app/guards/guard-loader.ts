import { replace, type LoaderFunctionArgs } from 'react-router';
import { notifyPermissionDenied } from '../../components/notifications/notify';
import { homePath } from '../../lib/paths';
import { isSignedIn, isStoredUserAdministrator } from '../../lib/session';
import { getPreviousPath } from '../navigation-history';
import { decideRoute } from './route-guard';

/**
 * Root loader: runs before every navigation commits (the root route always revalidates), so a
 * refused path is never shown, not even for a frame, and "staying on the previous path" is literal.
 */
export function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const decision = decideRoute({
    path: url.pathname,
    search: url.search,
    isAuthenticated: isSignedIn(),
    isAdmin: isStoredUserAdministrator(),
    previousPath: getPreviousPath(),
    home: homePath(),
  });
  if (decision.action === 'allow') return null;
  if (decision.reason === 'forbidden') notifyPermissionDenied();
  throw replace(decision.to);
}
