import { Box } from '@mantine/core';
import { useRevalidator } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { ChangePasswordModal } from '../../features/auth/components/change-password-modal';

/**
 * A one-time password (npm run admin:create, issue 31): the layouts show nothing of the app but its
 * change until it succeeds; the server refuses every other call (403 password_change_required)
 * anyway. Once changed (and signed in again), what was refused meanwhile is asked for again.
 */
export function ForcedPasswordChange({ email }: { email: string }) {
  const revalidator = useRevalidator();
  return (
    <Box mih="100dvh" bg="var(--app-ground)">
      <ChangePasswordModal
        forced={{ email }}
        onClose={() => {
          void queryClient.invalidateQueries();
          void revalidator.revalidate();
        }}
      />
    </Box>
  );
}
