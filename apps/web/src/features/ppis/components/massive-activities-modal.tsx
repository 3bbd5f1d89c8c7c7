import { Alert, Checkbox, Group, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PPI_RESULTS, type PpiResultValue } from '@heliotrack/domain/ppi-results';
import type { Activity } from '@heliotrack/domain/ppis';
import { FormModal } from '../../../components/form-modal';
import { ResultDetailsFields, today } from './result-details-fields';
import { notifySuccess } from '../../../components/notifications/notify';
import { newClientUuid } from '../../../lib/client-uuid';
import { useIsTouch } from '../../../lib/field-layout';
import { formatInteger } from '../../../lib/format';
import { formErrorsOf } from '../../../lib/validate-form';
import { useMassiveResults } from '../api/ppi-results';


/**
 * Many activities of the caller's role on many linked elements at once
 * (`POST ppis/{id}/massive-activities-updates/`): the activities chosen, a result for each (or one
 * for all), the observations, the calibration equipment and the day, applied to every element.
 * The server writes all of it or nothing; its refusal (another role's activity, a closed plan,
 * equipment expired on the day, named) is shown whole above the form. The client uuid is made once
 * per dialog, so Save pressed again after a lost answer never writes twice.
 */
export function MassiveActivitiesModal({
  ppiId,
  activities,
  elementIds,
  onClose,
}: {
  ppiId: number;
  /** The activities the caller records (their role's). */
  activities: Activity[];
  elementIds: number[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const isTouch = useIsTouch();
  const massive = useMassiveResults(ppiId);
  const [clientUuid] = useState(newClientUuid);
  const [chosen, setChosen] = useState<string[]>(() => activities.map((a) => String(a.id)));
  const [sameForAll, setSameForAll] = useState(true);
  const [resultForAll, setResultForAll] = useState<PpiResultValue>('ok');
  const [results, setResults] = useState<Record<string, PpiResultValue>>({});
  const [observations, setObservations] = useState('');
  const [equipmentId, setEquipmentId] = useState<string | null>(null);
  const [resultDate, setResultDate] = useState(today());
  const [error, setError] = useState<string | undefined>();
  const count = elementIds.length;

  const resultOptions = PPI_RESULTS.map((value) => ({ value, label: t(`ppis.results.value.${value}`) }));

  async function save() {
    // In the plan's order, whatever order they were ticked in.
    const selected = activities.filter((a) => chosen.includes(String(a.id)));
    if (selected.length === 0) {
      setError(t('ppis.results.massive.activitiesRequired'));
      return;
    }
    setError(undefined);
    try {
      const answer = await massive.mutateAsync({
        activities: selected.map((a) => ({
          activity: a.id,
          result: sameForAll ? resultForAll : (results[String(a.id)] ?? 'ok'),
          observations,
          equipment: equipmentId ? Number(equipmentId) : null,
        })),
        element_ids: elementIds,
        result_date: resultDate,
        client_uuid: clientUuid,
      });
      notifySuccess(t('ppis.results.form.saved', { count: answer.written, formatted: formatInteger(answer.written) }));
      onClose(true);
    } catch (failure) {
      // All or nothing: every message of the refusal, together (they name the activity or the equipment).
      const messages = Object.values(formErrorsOf(failure)).filter(Boolean);
      setError(messages.join(' '));
    }
  }

  return (
    <FormModal
      title={t('ppis.results.massive.title', { count, formatted: formatInteger(count) })}
      onClose={() => onClose(false)}
      onSubmit={() => void save()}
      errors={{ _general: error } as Record<string, string>}
      isSaving={massive.isPending}
      submitLabel={t('ppis.results.massive.submit', { count: chosen.length, formatted: formatInteger(chosen.length) })}
      field
    >
      <Stack gap="sm">
        {/* A note, not an alert: the only alert of the dialog is the server's refusal. */}
        <Alert variant="light" icon={<IconInfoCircle size={18} />} role="note">
          {t('ppis.results.massive.hint', { count, formatted: formatInteger(count) })}
        </Alert>
        <Switch
          label={t('ppis.results.massive.sameForAll')}
          checked={sameForAll}
          onChange={(event) => setSameForAll(event.currentTarget.checked)}
          size={isTouch ? 'lg' : 'md'}
        />
        {sameForAll && (
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('ppis.results.form.result')}
            </Text>
            <SegmentedControl
              fullWidth
              size={isTouch ? 'md' : 'sm'}
              aria-label={t('ppis.results.form.result')}
              value={resultForAll}
              onChange={(value) => setResultForAll(value as PpiResultValue)}
              data={resultOptions}
            />
          </div>
        )}
        <Checkbox.Group
          label={t('ppis.results.massive.activities')}
          value={chosen}
          onChange={setChosen}
          withAsterisk
        >
          <Stack gap="xs" mt={6}>
            {activities.map((activity) => {
              const key = String(activity.id);
              const isChosen = chosen.includes(key);
              return (
                <Paper key={key} withBorder px="sm" py={6}>
                  <Group justify="space-between" gap="xs" wrap="wrap" mih={isTouch ? 44 : undefined}>
                    <Checkbox
                      value={key}
                      label={`${activity.position}. ${activity.name}`}
                      size={isTouch ? 'md' : 'sm'}
                      style={{ flex: '1 1 180px', minWidth: 0 }}
                    />
                    {!sameForAll && isChosen && (
                      <SegmentedControl
                        size={isTouch ? 'md' : 'xs'}
                        aria-label={t('ppis.results.massive.resultOf', { activity: activity.name })}
                        value={results[key] ?? 'ok'}
                        onChange={(value) => setResults((current) => ({ ...current, [key]: value as PpiResultValue }))}
                        data={resultOptions}
                        style={{ flex: isTouch ? '1 1 100%' : undefined }}
                      />
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Checkbox.Group>
        <ResultDetailsFields
          observations={observations}
          onObservations={setObservations}
          equipmentId={equipmentId}
          onEquipment={setEquipmentId}
          resultDate={resultDate}
          onResultDate={setResultDate}
        />
      </Stack>
    </FormModal>
  );
}
