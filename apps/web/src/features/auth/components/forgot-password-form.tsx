import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconAt } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordResetRequest } from '@heliotrack/domain/auth';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Step 1 of password recovery: ask for a code by email (when the installation can mail one). */
export function ForgotPasswordForm({
  recoveryConfigured = true,
  initialEmail,
  onSent,
  onHaveCode,
  onBack,
}: {
  /** False in production without a mail transport (GET public-config/): nothing could reach you. */
  recoveryConfigured?: boolean;
  initialEmail: string;
  onSent: (email: string, detail: string) => void;
  onHaveCode: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useRequestPasswordReset();
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FormErrors>({});

  if (!recoveryConfigured) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} role="status">
          {t('auth.recoveryNotConfigured')}
        </Alert>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('auth.forgot.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(PasswordResetRequest, { email });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    mutation.mutate(result.data, {
      onSuccess: (answer) => onSent(result.data.email, answer?.detail ?? ''),
      onError: (error) => {
        setErrors(formErrorsOf(error));
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t('auth.forgot.description')}
        </Text>
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
          leftSection={<IconAt size={16} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a one-task page: its first field is what the page is for
          autoFocus
          required
          size="md"
        />
        <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
          {t('auth.forgot.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('auth.forgot.backToLogin')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onHaveCode}>
            {t('auth.forgot.haveCode')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
