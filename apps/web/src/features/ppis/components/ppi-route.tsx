import { IconClipboardCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { ppiQueryOptions, usePpi } from '../api/get-ppi';

/** Asks, with the route chunk, for the plan of the address (`:ppiId`). */
export function ppiLoader({ params }: LoaderFunctionArgs) {
  const ppiId = routeIdOf(params.ppiId);
  if (isSignedIn() && ppiId !== null) void queryClient.prefetchQuery(ppiQueryOptions(ppiId));
  return null;
}

/**
 * The plan of the address, or what to show instead: not found for a bad id (or one the user does
 * not see: the API answers 404), the error with a retry, or the loader. Keyed by plan, so another
 * plan starts its page anew.
 */
export function WithPpi({ children }: { children: (ppi: PpiDetail) => ReactNode }) {
  const { t } = useTranslation();
  const ppiId = useRouteId('ppiId');
  const ppi = usePpi(ppiId ?? 0);
  if (ppiId === null) return <EmptyState icon={<IconClipboardCheck size={32} />} title={t('ppis.notFound')} />;
  if (ppi.error && !ppi.data) return <QueryError error={ppi.error} onRetry={() => void ppi.refetch()} />;
  if (!ppi.data) return <PageLoader />;
  return children(ppi.data);
}
