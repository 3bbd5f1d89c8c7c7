import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenRequest } from '@heliotrack/domain/auth';
import { isApiError } from '../../../lib/api-error';
import { fieldErrorsOf } from '../../../lib/format-field-errors';
import { validateForm, type FormErrors } from '../../../lib/validate-form';
import { useLogin } from '../api/login';

export function LoginForm({
  onSuccess,
  onForgotPassword,
}: {
  onSuccess: () => void;
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(TokenRequest, { email, password });
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    loginMutation.mutate(result.data, {
      onSuccess,
      onError: (error) => {
        if (!isApiError(error)) return setErrors({ _general: String(error) });
        // 401 no_active_account and 429 carry a detail; 400 carries field errors.
        if (error.status === 400) return setErrors(fieldErrorsOf(error.body));
        setErrors({
          _general: error.detail ?? t('auth.login.failed', { status: error.status || error.statusText }),
        });
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {errors._general && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errors._general}
          </Alert>
        )}
        <TextInput
          label={t('auth.login.email')}
          placeholder={t('auth.login.emailPlaceholder')}
          type="email"
          autoComplete="username"
          inputMode="email"
          leftSection={<IconAt size={16} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          data-autofocus
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a one-task page: its first field is what the page is for
          autoFocus
          required
          size="md"
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          required
          size="md"
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            {t('auth.login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
