import { Alert, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconSolarPanel2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLogo } from '../../../components/app-logo';
import { LanguageSwitch } from '../../../components/language-switch';
import { notifySuccess } from '../../../components/notifications/notify';
import { isNativePlatform } from '../../../lib/native-platform';
import { waitingOnDevice } from '../../../offline/device-databases';
import { homePath, isSafeNextPath } from '../../../lib/paths';
import { usePublicConfig } from '../api/get-public-config';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm } from '../components/login-form';
import { ResetPasswordForm } from '../components/reset-password-form';
import { ServerSetting } from '../components/server-setting';

type Step = { name: 'login' } | { name: 'forgot' } | { name: 'reset'; sentMessage?: string };

/**
 * /login, outside the main layout. `?next=/plants` comes from the guard; `?reset=<code>` from the
 * password reset email and opens the new-password step with the code filled in.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const resetCode = searchParams.get('reset') ?? '';
  const [step, setStep] = useState<Step>(resetCode ? { name: 'reset' } : { name: 'login' });
  const [email, setEmail] = useState('');
  // How many users of this device have changes waiting (issue 39): a count, never who.
  const [waiting] = useState(waitingOnDevice);
  const publicConfig = usePublicConfig().data;

  function backToLogin() {
    if (resetCode) {
      const next = new URLSearchParams(searchParams);
      next.delete('reset');
      setSearchParams(next, { replace: true });
    }
    setStep({ name: 'login' });
  }

  const titles = {
    login: t('auth.login.title'),
    forgot: t('auth.forgot.title'),
    reset: t('auth.reset.title'),
  } as const;

  return (
    <Box mih="100dvh" style={{ display: 'flex' }}>
      <Box
        visibleFrom="md"
        p={48}
        style={{
          flex: '0 0 42%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          color: 'white',
          background:
            'radial-gradient(circle at 20% 15%, var(--mantine-color-solar-3) 0%, transparent 45%), linear-gradient(150deg, var(--mantine-color-solar-6) 0%, var(--mantine-color-solar-8) 55%, var(--mantine-color-solar-9) 100%)',
        }}
      >
        <Group gap="xs">
          <IconSolarPanel2 size={36} aria-hidden />
          <Text fw={800} fz={26}>
            {t('app.name')}
          </Text>
        </Group>
        <Text fz={30} fw={700} lh={1.25} maw={460}>
          {t('app.tagline')}
        </Text>
        <Box />
      </Box>

      <Stack style={{ flex: 1 }} bg="var(--app-ground)" gap={0}>
        <Group justify="flex-end" p="md">
          <LanguageSwitch />
        </Group>
        <Center style={{ flex: 1 }} px="md" pb={64}>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} w="100%" maw={440} component="main">
            <Stack gap="lg">
              <Box hiddenFrom="md">
                <AppLogo />
              </Box>
              {publicConfig?.demo_warning && (
                <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="demo-warning">
                  {t('auth.demoWarning')}
                </Alert>
              )}
              <Stack gap={4}>
                <Title order={2}>{titles[step.name]}</Title>
                {step.name === 'login' && <Text c="dimmed">{t('auth.login.subtitle')}</Text>}
              </Stack>
              {step.name === 'login' && (
                <LoginForm
                  onSuccess={() => {
                    const next = searchParams.get('next');
                    void navigate(isSafeNextPath(next) ? next : homePath(), { replace: true });
                  }}
                  onForgotPassword={() => setStep({ name: 'forgot' })}
                />
              )}
              {step.name === 'login' && waiting.users > 0 && (
                <Alert variant="light" color="yellow" icon={<IconCloudUpload size={18} aria-hidden />}>
                  {t('offlineWork.waitingOnDevice', { count: waiting.users })}
                </Alert>
              )}
              {step.name === 'login' && isNativePlatform() && <ServerSetting />}
              {step.name === 'forgot' && (
                <ForgotPasswordForm
                  recoveryConfigured={publicConfig?.password_recovery !== false}
                  initialEmail={email}
                  onSent={(sentTo, detail) => {
                    setEmail(sentTo);
                    setStep({ name: 'reset', sentMessage: detail });
                  }}
                  onHaveCode={() => setStep({ name: 'reset' })}
                  onBack={backToLogin}
                />
              )}
              {step.name === 'reset' && (
                <ResetPasswordForm
                  initialCode={resetCode}
                  sentMessage={step.sentMessage}
                  onDone={(detail) => {
                    notifySuccess(detail || t('auth.reset.success'));
                    backToLogin();
                  }}
                  onRequestAgain={() => setStep({ name: 'forgot' })}
                  onBack={backToLogin}
                />
              )}
            </Stack>
          </Paper>
        </Center>
      </Stack>
    </Box>
  );
}
