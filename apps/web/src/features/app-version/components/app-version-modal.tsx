import '@mantine/dates/styles.css';
import { Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvailableVersionRequest, type AvailableVersion } from '@heliotrack/domain/app-version';
import { useAppVersion } from '../../../api/get-app-version';
import { FormModal } from '../../../components/form-modal';
import { notifySuccess } from '../../../components/notifications/notify';
import { webAppVersion } from '../../../lib/app-version';
import { DAY_FORMAT, parseDay } from '../../../lib/day';
import { formErrorsOf, validateForm, type FormErrors } from '../../../lib/validate-form';
import { usePublishAppVersion } from '../api/publish-app-version';

type Values = { version: string; release_date: string | null; android_store_url: string; ios_store_url: string };

const valuesOf = (published: AvailableVersion | undefined): Values => ({
  version: published?.version ?? '',
  release_date: published?.release_date ?? null,
  android_store_url: published?.android_store_url ?? '',
  ios_store_url: published?.ios_store_url ?? '',
});

/**
 * Administrators publish the app version the native apps must have (issue 20): a greater version or
 * a later release date makes every app show the forced update dialog on its next start.
 */
export function AppVersionModal({ onClose }: { onClose: () => void }) {
  const published = useAppVersion();
  // A short wait: the form opens with what is published, to edit it.
  if (published.isPending) return null;
  return <AppVersionForm published={published.data} onClose={onClose} />;
}

function AppVersionForm({ published, onClose }: { published: AvailableVersion | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = usePublishAppVersion();
  const [values, setValues] = useState<Values>(() => valuesOf(published));
  const [errors, setErrors] = useState<FormErrors>({});
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // An edited field's message no longer applies.
    setErrors(({ [name]: _edited, ...rest }) => rest);
  };
  const text = (name: 'version' | 'android_store_url' | 'ios_store_url') => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(name, event.currentTarget.value),
    error: errors[name],
  });

  function onSubmit() {
    const result = validateForm(AvailableVersionRequest, { ...values, release_date: values.release_date ?? undefined });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    mutation.mutate(result.data, {
      onSuccess: (saved) => {
        notifySuccess(t('nativeApp.availableVersion.saved', { version: saved.version }));
        onClose();
      },
      onError: (error) => setErrors(formErrorsOf(error)),
    });
  }

  return (
    <FormModal title={t('nativeApp.availableVersion.title')} onClose={onClose} onSubmit={onSubmit} errors={errors} isSaving={mutation.isPending} size="md">
      <Text size="sm" c="dimmed">
        {t('nativeApp.availableVersion.description')}
      </Text>
      <Text size="sm">
        {published?.version ? null : t('nativeApp.availableVersion.nothingPublished')}{' '}
        {t('nativeApp.availableVersion.thisApp', { version: webAppVersion() })}
      </Text>
      <TextInput label={t('nativeApp.availableVersion.version')} placeholder="1.4.2" withAsterisk data-autofocus {...text('version')} />
      <DateInput
        label={t('nativeApp.availableVersion.releaseDate')}
        dateParser={parseDay}
        valueFormat={DAY_FORMAT}
        value={values.release_date}
        onChange={(value) => set('release_date', value)}
        error={errors.release_date}
        withAsterisk
      />
      <TextInput label={t('nativeApp.availableVersion.androidStoreUrl')} type="url" placeholder="https://play.google.com/store/apps/details?id=…" {...text('android_store_url')} />
      <TextInput label={t('nativeApp.availableVersion.iosStoreUrl')} type="url" placeholder="https://apps.apple.com/app/id…" {...text('ios_store_url')} />
    </FormModal>
  );
}
