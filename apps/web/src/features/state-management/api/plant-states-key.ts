import type { Query } from '@tanstack/react-query';

/**
 * Matches every plant's `['plants', plantId, 'states']` query (the states offered by the state-change
 * dialog): they change when a state or a state group does.
 */
export function isPlantStatesQuery(query: Query): boolean {
  const key = query.queryKey;
  return key[0] === 'plants' && key[2] === 'states';
}
