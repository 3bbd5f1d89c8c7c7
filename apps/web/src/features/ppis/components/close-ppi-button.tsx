import { Button } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PpiStatus } from '@heliotrack/domain/ppis';
import { notifySuccess } from '../../../components/notifications/notify';
import { confirm } from '../../../lib/dialogs';
import { useSetPpiStatus } from '../api/ppi-results';

/** Close (or reopen) a plan, after a confirmation (administrators). A closed plan refuses results. */
export function ClosePpiButton({ ppi }: { ppi: { id: number; code: string; status: PpiStatus } }) {
  const { t } = useTranslation();
  const setStatus = useSetPpiStatus();
  const closing = ppi.status === 'open';

  async function onClick() {
    const accepted = await confirm({
      title: closing ? t('ppis.close.confirmCloseTitle') : t('ppis.close.confirmReopenTitle'),
      message: closing
        ? t('ppis.close.confirmClose', { code: ppi.code })
        : t('ppis.close.confirmReopen', { code: ppi.code }),
      acceptLabel: closing ? t('ppis.close.close') : t('ppis.close.reopen'),
      acceptColor: closing ? 'red' : undefined,
    });
    if (!accepted) return;
    setStatus.mutate(
      { ppiId: ppi.id, action: closing ? 'close' : 'reopen' },
      {
        onSuccess: () =>
          notifySuccess(
            closing
              ? t('ppis.close.closed', { code: ppi.code })
              : t('ppis.close.reopened', { code: ppi.code }),
          ),
      },
    );
  }

  return (
    <Button
      variant={closing ? 'light' : 'filled'}
      color={closing ? 'red' : undefined}
      leftSection={closing ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
      loading={setStatus.isPending}
      onClick={() => void onClick()}
    >
      {closing ? t('ppis.close.close') : t('ppis.close.reopen')}
    </Button>
  );
}
