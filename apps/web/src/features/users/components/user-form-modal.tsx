import { Modal, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { useClientUser } from '../../../api/get-client-user';
import { UserForm } from './user-form';

/** `userId` null: create a user; a number: edit that user (loaded fresh from the server). */
export function UserFormModal({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useClientUser(userId);
  const isEdit = userId !== null;

  return (
    <Modal opened onClose={onClose} title={isEdit ? t('users.edit') : t('users.create')} size="lg" centered>
      {!isEdit ? (
        <UserForm onDone={onClose} onCancel={onClose} />
      ) : user.data ? (
        <UserForm key={user.data.id} user={user.data} onDone={onClose} onCancel={onClose} />
      ) : user.error ? (
        <QueryError error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <Stack gap="sm">
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
