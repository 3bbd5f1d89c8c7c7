import { Box, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setHighContrast, useHighContrast } from '../lib/contrast-mode';

/** The user menu's "Alto contraste" switch (issue 34): this device's theme for work in the sun. */
export function HighContrastSwitch() {
  const { t } = useTranslation();
  const isOn = useHighContrast();
  return (
    <Box px="sm" py={8}>
      <Switch
        label={t('header.highContrast')}
        checked={isOn}
        onChange={(event) => setHighContrast(event.currentTarget.checked)}
        size="md"
      />
    </Box>
  );
}
