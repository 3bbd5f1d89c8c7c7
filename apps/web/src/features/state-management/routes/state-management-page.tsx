import { Stack, Tabs } from '@mantine/core';
import { IconPalette, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { clientElementTypesQueryOptions } from '../../../api/get-client-element-types';
import { clientStatesQueryOptions } from '../api/get-client-states';
import { stateGroupsQueryOptions } from '../api/get-state-groups';
import { StateGroupsTab } from '../components/state-groups-tab';
import { StatesTab } from '../components/states-tab';

export const STATE_MANAGEMENT_PATH = '/plants/state-management';
export const STATE_GROUPS_PATH = '/plants/state-management/state-groups';

export function stateManagementLoader() {
  if (isSignedIn()) {
    void queryClient.prefetchQuery(clientElementTypesQueryOptions());
    void queryClient.prefetchQuery(clientStatesQueryOptions());
    void queryClient.prefetchQuery(stateGroupsQueryOptions());
  }
  return null;
}

/**
 * State management (specification section 2, in the layout without the logo): the states tab at
 * /plants/state-management, the state groups tab at /plants/state-management/state-groups.
 */
export function StateManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = pathname.toLowerCase().replace(/\/+$/, '').endsWith('/state-groups') ? 'groups' : 'states';

  return (
    <Stack gap={0}>
      <PageHeader title={t('stateManagement.title')} subtitle={t('stateManagement.subtitle')} />
      <Tabs
        value={tab}
        onChange={(value) => void navigate(value === 'groups' ? STATE_GROUPS_PATH : STATE_MANAGEMENT_PATH)}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="states" leftSection={<IconPalette size={16} />}>
            {t('stateManagement.tabs.states')}
          </Tabs.Tab>
          <Tabs.Tab value="groups" leftSection={<IconStack2 size={16} />}>
            {t('stateManagement.tabs.groups')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="states">
          <StatesTab />
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          <StateGroupsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
