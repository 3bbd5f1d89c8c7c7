import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { NOTIFICATION_TIMEOUT_MS } from '@heliotrack/domain/constants';
import { AppUpdateDialog } from '../components/dialogs/app-update-dialog';
import { ConfirmDialogs } from '../components/dialogs/confirm-dialog';
import { ServerErrorDialog } from '../components/dialogs/server-error-dialog';
import { DAYJS_LOCALES, i18n, useLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { useHighContrast } from '../lib/contrast-mode';
import { cssVariablesResolver, highContrastCssVariablesResolver, highContrastTheme, theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const isHighContrast = useHighContrast();
  useEffect(() => {
    // app/high-contrast.css and the maps' heavier strokes hang on it.
    if (isHighContrast) document.documentElement.dataset.contrast = 'high';
    else delete document.documentElement.dataset.contrast;
  }, [isHighContrast]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* The system's dark mode for the office; "Alto contraste" is for sunlight, always light. */}
        <MantineProvider
          theme={isHighContrast ? highContrastTheme : theme}
          cssVariablesResolver={isHighContrast ? highContrastCssVariablesResolver : cssVariablesResolver}
          defaultColorScheme="auto"
          forceColorScheme={isHighContrast ? 'light' : undefined}
        >
          {/* Weeks start on Monday (specification section 9); the dayjs locale follows the language. */}
          <DatesProvider settings={{ locale: DAYJS_LOCALES[language], firstDayOfWeek: 1 }}>
            <Notifications position="bottom-center" autoClose={NOTIFICATION_TIMEOUT_MS} />
            <ServerErrorDialog />
            <ConfirmDialogs />
            <AppUpdateDialog />
            {children}
          </DatesProvider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
