import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function AppLogo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const large = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon
        size={large ? 44 : 34}
        radius="xl"
        variant="gradient"
        gradient={{ from: 'solar.4', to: 'solar.7', deg: 135 }}
      >
        <IconSun size={large ? 28 : 22} aria-hidden />
      </ThemeIcon>
      <Text fw={800} fz={large ? 28 : 20} lh={1} style={{ letterSpacing: '-0.02em' }}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
