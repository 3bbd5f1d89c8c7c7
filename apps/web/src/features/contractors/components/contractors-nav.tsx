import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Switches between the contractors and their groups (two pages, one place in the menu). */
export function ContractorsNav({ active }: { active: 'contractors' | 'groups' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => void navigate(value === 'groups' ? '/contractors/groups' : '/contractors')}
      mb="md"
    >
      <Tabs.List>
        <Tabs.Tab value="contractors">{t('contractors.tabs.contractors')}</Tabs.Tab>
        <Tabs.Tab value="groups">{t('contractors.tabs.groups')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
