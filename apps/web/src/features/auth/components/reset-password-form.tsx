import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconKey, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordResetConfirmRequest } from '@heliotrack/domain/auth';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

/** Step 2 of password recovery: the code received by email and the new password, twice. */
export function ResetPasswordForm({
  initialCode,
  sentMessage,
  onDone,
  onRequestAgain,
  onBack,
}: {
  initialCode: string;
  sentMessage?: string;
  onDone: (detail: string) => void;
  onRequestAgain: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useConfirmPasswordReset();
  const [token, setToken] = useState(initialCode);
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(PasswordResetConfirmRequest, {
      token: token.trim(),
      password,
      password_confirm: passwordConfirm,
    });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    mutation.mutate(result.data, {
      onSuccess: (answer) => onDone(answer?.detail ?? ''),
      onError: (error) => {
        setErrors(formErrorsOf(error));
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {sentMessage ? (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />}>
            {sentMessage}
          </Alert>
        ) : null}
        <Text c="dimmed" size="sm">
          {t('auth.reset.description')}
        </Text>
        {errors._general && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errors._general}
          </Alert>
        )}
        <TextInput
          label={t('auth.reset.code')}
          leftSection={<IconKey size={16} />}
          autoComplete="one-time-code"
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          error={errors.token}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a one-task page: focus on the field still to fill
          autoFocus={!initialCode}
          required
          size="md"
        />
        <PasswordInput
          label={t('auth.reset.password')}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a one-task page: focus on the field still to fill
          autoFocus={!!initialCode}
          required
          size="md"
        />
        <PasswordInput
          label={t('auth.reset.passwordConfirm')}
          autoComplete="new-password"
          value={passwordConfirm}
          onChange={(event) => setPasswordConfirm(event.currentTarget.value)}
          error={errors.password_confirm}
          required
          size="md"
        />
        <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
          {t('auth.reset.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('auth.forgot.backToLogin')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onRequestAgain}>
            {t('auth.reset.requestAgain')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
