import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '@heliotrack/domain/roles';
import { useProfile } from '../../../api/get-profile';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { activityQueryOptions, useActivity } from '../api/get-activity';
import { useRoleLabel } from '../components/role-label';
import { StatusBadge } from '../components/status-badge';

export function activityDetailsLoader({ params }: LoaderFunctionArgs) {
  const ppiId = routeIdOf(params.ppiId);
  const activityId = routeIdOf(params.activityId);
  if (isSignedIn() && ppiId !== null && activityId !== null) void queryClient.prefetchQuery(activityQueryOptions(ppiId, activityId));
  return null;
}

/** /ppis/{ppiId}/activity/{activityId}/details: an activity of a plan, its criteria, roles and required flag. */
export function ActivityDetailsPage() {
  const { t } = useTranslation();
  const ppiId = useRouteId('ppiId');
  const activityId = useRouteId('activityId');
  const activity = useActivity(ppiId ?? 0, activityId ?? 0);
  const roleLabel = useRoleLabel();
  const { data: user } = useProfile();
  if (ppiId === null || activityId === null) return <EmptyState icon={<IconListDetails size={32} />} title={t('ppis.activities.notFound')} />;
  if (activity.error && !activity.data) return <QueryError error={activity.error} onRetry={() => void activity.refetch()} />;
  if (!activity.data) return <PageLoader />;
  const { ppi } = activity.data;

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('ppis.activities.detailTitle', { position: activity.data.position, name: activity.data.name })}
        subtitle={t('ppis.activities.of', { code: ppi.code, name: ppi.name, plant: ppi.plant.name })}
        actions={
          // Administrators came from the plan's elements; anybody else from its register.
          <Button
            component={Link}
            to={isAdministrator(user) ? `/ppis/${ppi.id}/link-elements` : `/ppis/${ppi.id}/ppi-results`}
            variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />}>
            {t('ppis.activities.backToPpi', { code: ppi.code })}
          </Button>
        }
      />
      <Paper withBorder p="lg">
        <Stack gap="lg">
          <Group gap="sm">
            <Badge color={activity.data.is_required ? 'blue' : 'gray'} variant="light" tt="none" size="lg">
              {activity.data.is_required ? t('ppis.activities.required') : t('ppis.activities.optional')}
            </Badge>
            <StatusBadge status={ppi.status} />
          </Group>
          <Stack gap={4}>
            <Title order={4}>{t('ppis.activities.criteria')}</Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{activity.data.criteria || t('ppis.activities.noCriteria')}</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={4}>
              <Title order={4}>{t('ppis.activities.roles')}</Title>
              <Group gap="xs">
                {activity.data.roles.map((code) => (
                  <Badge key={code} variant="outline" tt="none">
                    {roleLabel(code)} ({code})
                  </Badge>
                ))}
              </Group>
            </Stack>
            <Stack gap={4}>
              <Title order={4}>{t('ppis.activities.elementType')}</Title>
              <Text>{ppi.element_type.name}</Text>
            </Stack>
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}
