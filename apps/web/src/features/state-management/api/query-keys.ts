export interface ClientStatesFilters {
  elementType?: number | null;
  isActive?: boolean | null;
  search?: string;
}

/**
 * Query keys of the state management feature. States live under `client-states`, state groups
 * under `client-state-groups`: a write invalidates `states.all` or `groups.all` and every list (and,
 * for groups, every plant's valid groups) refreshes.
 */
export const stateManagementKeys = {
  states: {
    all: ['client-states'] as const,
    list: (filters: Required<ClientStatesFilters>) => ['client-states', 'list', filters] as const,
  },
  groups: {
    all: ['client-state-groups'] as const,
    list: ['client-state-groups', 'list'] as const,
    /** The groups a plant may switch to. */
    valid: (plantId: number) => ['client-state-groups', 'valid', plantId] as const,
  },
};
