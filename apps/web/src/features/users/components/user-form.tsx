import {
  Alert,
  Button,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@heliotrack/domain/constants';
import { ADMIN_ROLE } from '@heliotrack/domain/constants';
import { ClientUserCreate, ClientUserUpdate, type ClientUser } from '@heliotrack/domain/users';
import { notifySuccess } from '../../../components/notifications/notify';
import { validateForm, type FormErrors, formErrorsOf } from '../../../lib/validate-form';
import { useCreateClientUser } from '../api/create-client-user';
import { useClientPlants } from '../api/get-client-plants';
import { useUserRoles } from '../api/get-user-roles';
import { useUpdateClientUser } from '../api/update-client-user';

interface FormValues {
  name: string;
  email: string;
  password: string;
  language: Language;
  roles: string[];
  plants: string[];
  is_active: boolean;
}

function initialValues(user: ClientUser | undefined): FormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    language: user?.language ?? 'es',
    roles: user?.roles.map((role) => role.code) ?? [],
    plants: user?.plants.map(String) ?? [],
    is_active: user?.is_active ?? true,
  };
}

/**
 * Create (no user) or edit (a user) form, validated with the domain's ClientUserCreate /
 * ClientUserUpdate schemas before sending; the server's 400s land under the same fields.
 * Authorised plants are set on creation; later changes go through the user's plants
 * (ClientUserUpdate has no plants field).
 */
export function UserForm({
  user,
  onDone,
  onCancel,
}: {
  user?: ClientUser;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const isEdit = !!user;
  const [values, setValues] = useState<FormValues>(() => initialValues(user));
  const [errors, setErrors] = useState<FormErrors>({});
  const roles = useUserRoles();
  const plants = useClientPlants();
  const createUser = useCreateClientUser();
  const updateUser = useUpdateClientUser();
  const isSaving = createUser.isPending || updateUser.isPending;

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function onError(error: unknown) {
    setErrors(formErrorsOf(error));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const common = {
      name: values.name,
      email: values.email,
      language: values.language,
      roles: values.roles,
      is_active: values.is_active,
    };
    if (isEdit) {
      const result = validateForm(ClientUserUpdate, { ...common, password: values.password || undefined });
      if (!result.success) return setErrors(result.errors);
      setErrors({});
      updateUser.mutate(
        { userId: user.id, body: result.data },
        {
          onSuccess: (saved) => {
            notifySuccess(t('users.updated', { name: saved.name }));
            onDone();
          },
          onError,
        },
      );
    } else {
      const result = validateForm(ClientUserCreate, {
        ...common,
        password: values.password,
        plants: values.plants.map(Number),
      });
      if (!result.success) return setErrors(result.errors);
      setErrors({});
      createUser.mutate(result.data, {
        onSuccess: (saved) => {
          notifySuccess(t('users.created', { name: saved.name }));
          onDone();
        },
        onError,
      });
    }
  }

  const isAdminSelected = values.roles.includes(ADMIN_ROLE);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {errors._general && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errors._general}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('users.form.name')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
          />
          <TextInput
            label={t('users.form.email')}
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
            required
          />
          <PasswordInput
            label={t('users.form.password')}
            description={isEdit ? t('users.form.passwordKeep') : undefined}
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => set('password', event.currentTarget.value)}
            error={errors.password}
            required={!isEdit}
          />
          <Select
            label={t('users.form.language')}
            data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
            value={values.language}
            onChange={(value) => value && set('language', value as Language)}
            allowDeselect={false}
            error={errors.language}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('users.form.roles')}
          placeholder={values.roles.length ? undefined : t('users.form.rolesPlaceholder')}
          data={(roles.data ?? []).map((role) => ({ value: role.code, label: role.name }))}
          value={values.roles}
          onChange={(value) => set('roles', value)}
          error={errors.roles}
          disabled={roles.isLoading}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('users.form.plants')}
          description={
            isEdit
              ? t('users.form.plantsEditHint')
              : isAdminSelected
                ? t('users.form.plantsAdminHint')
                : undefined
          }
          placeholder={values.plants.length ? undefined : t('users.form.plantsPlaceholder')}
          data={(plants.data ?? []).map((plant) => ({
            value: String(plant.id),
            label: `${plant.code} · ${plant.name}`,
          }))}
          value={values.plants}
          onChange={(value) => set('plants', value)}
          error={errors.plants}
          disabled={isEdit || plants.isLoading}
          searchable
          clearable={!isEdit}
          nothingFoundMessage={t('users.form.nothingFound')}
          hidePickedOptions
          maxDropdownHeight={260}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label={t('users.form.active')}
          checked={values.is_active}
          onChange={(event) => set('is_active', event.currentTarget.checked)}
          mt="xs"
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
