import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@heliotrack/domain/constants';
import { changeLanguage, useLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/** es / en / it; stores currentLang and refetches data, whose names and messages are translated. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          // The name starts with the visible code, so a voice user saying "ES" hits it (WCAG 2.5.3).
          aria-label={`${language.toUpperCase()}, ${t('header.language')}: ${t(`languages.${language}`)}`}
        >
          {language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            rightSection={code === language ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => {
              if (code === language) return;
              changeLanguage(code);
              void queryClient.invalidateQueries();
            }}
          >
            {t(`languages.${code}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
