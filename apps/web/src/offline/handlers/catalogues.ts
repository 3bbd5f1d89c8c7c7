import type { OfflineHandler } from '../../lib/offline-resolver';
import { idParam, notFound, store } from './local';

/*
 * The catalogues of specification section 7's offline-answered paths, from the plants this device
 * downloaded: plants/, plants/{id}/, its contractors, element types and states, transaction types.
 */
async function plantOrNotFound(plantIdText: string | undefined) {
  const plantId = idParam(plantIdText);
  const plant = await (await store()).call('getPlant', plantId);
  if (!plant) throw notFound();
  return plant;
}

export const catalogueHandlers: OfflineHandler[] = [
  { method: 'GET', path: 'plants/', handle: async () => (await store()).call('listPlants') },
  { method: 'GET', path: 'plants/:plantId/', handle: ({ params }) => plantOrNotFound(params.plantId) },
  {
    method: 'GET',
    path: 'plants/:plantId/contractors/',
    handle: async ({ params }) => (await store()).call('listPlantContractors', (await plantOrNotFound(params.plantId)).id),
  },
  {
    method: 'GET',
    path: 'plants/:plantId/element-types/',
    handle: async ({ params }) => (await plantOrNotFound(params.plantId), (await store()).call('listElementTypes')),
  },
  {
    method: 'GET',
    path: 'plants/:plantId/states/',
    handle: async ({ params }) => (await store()).call('listPlantStates', (await plantOrNotFound(params.plantId)).id),
  },
  { method: 'GET', path: 'transaction-types/', handle: async () => (await store()).call('listTransactionTypes') },
];
