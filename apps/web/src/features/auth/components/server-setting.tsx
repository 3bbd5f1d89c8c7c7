import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/notifications/notify';
import { isOnDevice } from '../../../lib/native-platform';
import { buildServerUrl, getServerUrl, normalizeServerUrl, setServerUrl } from '../../../lib/server-url';

/**
 * The server a native app connects to, changeable on the login screen (issue 20): the build's
 * VITE_SERVER_URL by default. Shown on native only: on the web the app's own server is the API.
 */
export function ServerSetting() {
  const { t } = useTranslation();
  const [server, setServer] = useState(getServerUrl);
  // A device app built without VITE_SERVER_URL has nowhere to call yet: it opens on the field.
  const [draft, setDraft] = useState<string | null>(() => (isOnDevice() && !getServerUrl() ? '' : null));
  const [error, setError] = useState<string | null>(null);

  function close(saved: string) {
    setServer(saved);
    setDraft(null);
    setError(null);
    notifySuccess(t('nativeApp.server.saved', { server: saved || t('nativeApp.server.buildDefault') }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeServerUrl(draft ?? '');
    if (!normalized || !setServerUrl(normalized)) {
      setError(t('nativeApp.server.invalid'));
      return;
    }
    close(getServerUrl());
  }

  if (draft === null) {
    return (
      <Group gap={6} wrap="nowrap" c="dimmed">
        <IconServer size={16} aria-hidden />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('nativeApp.server.current', { server: server || t('nativeApp.server.buildDefault') })}
        </Text>
        <Anchor component="button" type="button" size="sm" ml="auto" style={{ flexShrink: 0 }} onClick={() => setDraft(server)}>
          {t('nativeApp.server.change')}
        </Anchor>
      </Group>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('nativeApp.server.label')}
          description={t('nativeApp.server.description')}
          placeholder={t('nativeApp.server.placeholder')}
          type="url"
          inputMode="url"
          autoCapitalize="none"
          autoCorrect="off"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" size="xs" onClick={() => { setDraft(null); setError(null); }}>
            {t('nativeApp.server.cancel')}
          </Button>
          {buildServerUrl() !== '' && (
            <Button variant="default" size="xs" onClick={() => { setServerUrl(null); close(getServerUrl()); }}>
              {t('nativeApp.server.useDefault')}
            </Button>
          )}
          <Button type="submit" size="xs">
            {t('nativeApp.server.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
