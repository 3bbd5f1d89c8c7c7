/**
 * Query keys of the contractors feature. Contractors live under `contractors`, groups under
 * `contractor-groups` (their searched lists under `lists`, each group under `detail`): a write
 * invalidates the root or the lists it changes.
 */
export const contractorKeys = {
  contractors: {
    all: ['contractors'] as const,
    list: (search: string) => ['contractors', 'list', search] as const,
  },
  groups: {
    all: ['contractor-groups'] as const,
    lists: ['contractor-groups', 'list'] as const,
    list: (search: string) => ['contractor-groups', 'list', search] as const,
    detail: (groupId: number) => ['contractor-groups', 'detail', groupId] as const,
  },
};
