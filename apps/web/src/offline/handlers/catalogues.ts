import type { OfflineRequest } from '../../lib/offline-resolver';
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

export const catalogueHandlers = {
  plants: async () => (await store()).call('listPlants'),
  plant: ({ params }: OfflineRequest) => plantOrNotFound(params.plantId),
  contractors: async ({ params }: OfflineRequest) =>
    (await store()).call('listPlantContractors', (await plantOrNotFound(params.plantId)).id),
  elementTypes: async ({ params }: OfflineRequest) => (
    await plantOrNotFound(params.plantId),
    (await store()).call('listElementTypes')
  ),
  states: async ({ params }: OfflineRequest) =>
    (await store()).call('listPlantStates', (await plantOrNotFound(params.plantId)).id),
  transactionTypes: async () => (await store()).call('listTransactionTypes'),
};
