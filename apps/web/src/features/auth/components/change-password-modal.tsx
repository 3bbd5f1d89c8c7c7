import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChangeRequest } from '@heliotrack/domain/auth';
import { notifySuccess } from '../../../components/notifications/notify';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
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
      onSuccess: (answer) => {
        notifySuccess(answer?.detail || t('auth.passwordChanged', { ns: 'api' }));
        onClose();
      },
      onError: (error) => {
        setErrors(formErrorsOf(error));
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title={t('auth.changePassword.title')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
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
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('auth.changePassword.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
