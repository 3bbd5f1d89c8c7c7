import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChangeRequest } from '@heliotrack/domain/auth';
import { notifySuccess } from '../../../components/notifications/notify';
import { logout } from '../../../lib/session';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useChangePassword } from '../api/change-password';
import { login } from '../api/login';

/**
 * The caller's password change. `forced` (a one-time password from `npm run admin:create`): it cannot
 * be dismissed, only left by signing out, and on success the user is signed in again with the new
 * password, whose profile no longer asks for a change.
 */
export function ChangePasswordModal({
  onClose,
  forced = false,
}: {
  onClose: () => void;
  forced?: { email: string } | false;
}) {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const [values, setValues] = useState({ old_password: '', new_password: '', new_password_confirm: '' });
  const [errors, setErrors] = useState<FormErrors>({});

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name],
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(PasswordChangeRequest, values);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    mutation.mutate(result.data, {
      onSuccess: async (answer) => {
        // The change signs the user out everywhere: a forced one signs in again at once. Should that
        // fail, the login page takes the new password.
        if (forced) {
          try {
            await login({ email: forced.email, password: result.data.new_password });
          } catch {
            logout();
            return;
          }
        }
        notifySuccess(answer?.detail || t('auth.passwordChanged', { ns: 'api' }));
        onClose();
      },
      onError: (error) => {
        setErrors(formErrorsOf(error));
      },
    });
  }

  return (
    <Modal
      opened
      onClose={forced ? () => {} : onClose}
      title={forced ? t('auth.forcedChange.title') : t('auth.changePassword.title')}
      withCloseButton={!forced}
      closeOnEscape={!forced}
      closeOnClickOutside={!forced}
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {forced && <Text size="sm">{t('auth.forcedChange.description')}</Text>}
          {errors._general && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errors._general}
            </Alert>
          )}
          <PasswordInput
            label={t('auth.changePassword.oldPassword')}
            autoComplete="current-password"
            data-autofocus
            required
            {...field('old_password')}
          />
          <PasswordInput
            label={t('auth.changePassword.newPassword')}
            autoComplete="new-password"
            required
            {...field('new_password')}
          />
          <PasswordInput
            label={t('auth.changePassword.newPasswordConfirm')}
            autoComplete="new-password"
            required
            {...field('new_password_confirm')}
          />
          <Group justify="flex-end" mt="sm">
            {forced ? (
              <Button variant="default" onClick={logout}>
                {t('header.logout')}
              </Button>
            ) : (
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" loading={mutation.isPending}>
              {t('auth.changePassword.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
