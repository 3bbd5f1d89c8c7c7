import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import { PHONE_FORM, STICKY_ACTIONS } from '../../../components/form-modal';
import { StateBadge } from '../../../components/state-badge/state-badge';
import { useIsPhone, useIsTouch } from '../../../lib/field-layout';
import { formatInteger } from '../../../lib/format';
import { usePlantStates } from '../../../api/get-plant-states';
import { SendProgressBar, StateChangeFields } from './state-change-fields';
import type { StateChangeTarget } from './state-change-form';
import { StateChangeOutcome } from './state-change-outcome';
import { useStateChange } from './use-state-change';

export type { StateChangeTarget } from './state-change-form';

/**
 * The state-change dialog (specification section 4): a state of the element's type (active ones,
 * with their colours), transaction type, contractor, observations and documents. Documents are
 * uploaded first (POST documents/) and their ids sent with the change. A massive change goes in
 * batches of 50,000 with a progress bar; the dialog ends with how many elements changed. Errors of
 * the server (400) are shown here, beside their fields, never in a second dialog. On phones the
 * dialog fills the screen and its buttons stay pinned at the bottom while the form scrolls (issue 22).
 * On touch screens its lists are tapped, not typed into, so no field takes the focus and pops the
 * keyboard up.
 */
export function StateChangeDialog({
  plantId,
  elementType,
  target,
  onClose,
  onDone,
}: {
  plantId: number;
  elementType: ElementType;
  target: StateChangeTarget;
  onClose: () => void;
  /** Called once the change went through (also partly), with the number of changed elements. */
  onDone?: (changed: number) => void;
}) {
  const { t } = useTranslation();
  const states = usePlantStates(plantId);
  const { values, set, errors, progress, outcome, isSending, elementIds, onSubmit } = useStateChange({
    plantId,
    elementType,
    target,
    onDone,
  });
  const isPhone = useIsPhone();
  const isTouch = useIsTouch();
  const stateById = new Map((states.data ?? []).map((state) => [state.id, state]));

  const title =
    target.kind === 'single'
      ? t('stateChange.titleSingle', { code: target.element.code })
      : t('stateChange.titleMassive', {
          count: elementIds.length,
          formatted: formatInteger(elementIds.length),
        });

  return (
    <Modal
      opened
      onClose={() => !isSending && onClose()}
      title={<Text fw={700}>{title}</Text>}
      size="lg"
      centered
      fullScreen={isPhone}
      transitionProps={isPhone ? { transition: 'slide-up', duration: 150 } : undefined}
      closeOnClickOutside={!isSending}
      closeOnEscape={!isSending}
      withCloseButton={!isSending}
      closeButtonProps={{ 'aria-label': t('common.close'), size: isTouch ? 'xl' : undefined }}
    >
      {outcome ? (
        <StateChangeOutcome changed={outcome.changed} state={stateById.get(outcome.stateId)} onClose={onClose} />
      ) : (
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          // On a phone the form fills the screen, so its actions sit at the bottom, under the thumb.
          style={isPhone ? PHONE_FORM : undefined}
        >
          <Stack gap="sm" style={isPhone ? { flex: 1 } : undefined}>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {target.kind === 'single' ? t('stateChange.currentState') : t('stateChange.elementType')}
              </Text>
              {target.kind === 'single' ? (
                <StateBadge
                  state={target.element.state_id !== null ? stateById.get(target.element.state_id) : null}
                  size="sm"
                />
              ) : (
                <Text size="sm" fw={600}>
                  {elementType.name}
                </Text>
              )}
            </Group>
            {errors._general && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {errors._general}
                {errors._partial && (
                  <Text size="sm" mt={4}>
                    {errors._partial}
                  </Text>
                )}
              </Alert>
            )}
            <StateChangeFields
              plantId={plantId}
              elementType={elementType}
              states={states.data ?? []}
              values={values}
              set={set}
              errors={errors}
              isSending={isSending}
            />
            {progress && <SendProgressBar progress={progress} />}
            <Group
              justify="flex-end"
              mt={isPhone ? 'auto' : 'sm'}
              wrap="nowrap"
              // On a phone the actions stay at the bottom of the screen, above the scrolling form.
              style={isPhone ? STICKY_ACTIONS : undefined}
            >
              <Button variant="default" onClick={onClose} disabled={isSending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isSending} style={isPhone ? { flex: 1 } : undefined}>
                {target.kind === 'single'
                  ? t('stateChange.submitSingle')
                  : t('stateChange.submitMassive', {
                      count: elementIds.length,
                      formatted: formatInteger(elementIds.length),
                    })}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
