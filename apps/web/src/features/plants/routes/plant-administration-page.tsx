import { Center, Loader, Stack, Tabs } from '@mantine/core';
import { IconFileImport, IconLock, IconMap2, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { isAdministrator } from '@heliotrack/domain/roles';
import { usePlant } from '../../../api/get-plant';
import { plantImageryQueryOptions, usePlantImagery } from '../../../api/get-plant-imagery';
import { useProfile } from '../../../api/get-profile';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useOrthophoto } from '../../../components/map/use-orthophoto';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { routeIdOf, useRouteId } from '../../../lib/route-ids';
import { ImageryAdmin } from '../components/imagery-admin';
import { LayoutImportWizard } from '../components/layout-import-wizard';

export function plantAdministrationLoader({ params }: LoaderFunctionArgs) {
  const plantId = routeIdOf(params.plantId);
  if (isSignedIn() && plantId !== null) void queryClient.prefetchQuery(plantImageryQueryOptions(plantId));
  return null;
}

/**
 * /plants/{plantId}/administration (issue 37): what an administrator sets up on a plant, its
 * orthophotos and its layout imported from DXF, KML or KMZ.
 */
export function PlantAdministrationPage() {
  const { t } = useTranslation();
  const plantId = useRouteId('plantId');
  const { data: user } = useProfile();
  if (plantId === null)
    return <EmptyState icon={<IconMap2 size={32} />} title={t('elements.invalidPlant')} />;
  if (user && !isAdministrator(user))
    return <EmptyState icon={<IconLock size={32} />} title={t('plantAdmin.notAdmin')} />;
  return <PlantAdministration plantId={plantId} />;
}

function PlantAdministration({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const plant = usePlant(plantId);
  const imagery = usePlantImagery(plantId);
  // The preview map shows the layout over the orthophoto the map of this plant shows.
  const orthophoto = useOrthophoto(plantId, imagery.data);

  if (plant.error && !plant.data)
    return <QueryError error={plant.error} onRetry={() => void plant.refetch()} />;
  if (!plant.data)
    return (
      <Center h={200}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  return (
    <Stack gap="md">
      <PageHeader title={t('plantAdmin.title')} subtitle={`${plant.data.name} · ${plant.data.code}`} />
      <Tabs defaultValue="imagery" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="imagery" leftSection={<IconPhoto size={16} aria-hidden />}>
            {t('plantAdmin.tabImagery')}
          </Tabs.Tab>
          <Tabs.Tab value="layout" leftSection={<IconFileImport size={16} aria-hidden />}>
            {t('plantAdmin.tabLayout')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="imagery" pt="md">
          <ImageryAdmin plantId={plantId} />
        </Tabs.Panel>
        <Tabs.Panel value="layout" pt="md">
          <LayoutImportWizard plant={plant.data} orthophoto={orthophoto.view} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
