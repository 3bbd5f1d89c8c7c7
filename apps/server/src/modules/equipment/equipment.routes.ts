import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Equipment, EquipmentInput } from '@heliotrack/domain/equipment';
import { IdParam } from '../../lib/route-params';
import type { EquipmentService } from './equipment.service';

const EXPIRY = 'Every answer carries is_expired and days_to_expiry, computed against today (UTC); on the expiry day it is not expired, with 0 days left.';

/** Organisation-wide; any user of the organisation may read, create and edit (quality inspectors add their instruments). */
export const equipmentRoutes: FastifyPluginAsyncZod<{ equipment: EquipmentService }> = async (app, { equipment }) => {
  const tags = ['calibration equipment'];
  app.get(
    '/calibration-equipment/',
    { schema: { tags, summary: "The organisation's calibration equipment, by name", description: EXPIRY, response: { 200: z.array(Equipment) } } },
    (req) => equipment.list(req.user),
  );
  app.post(
    '/calibration-equipment/',
    {
      schema: {
        tags,
        summary: 'Add calibration equipment',
        description: `${EXPIRY} Certificates are uploaded with \`POST documents/\` and \`equipment_id\`.`,
        body: EquipmentInput,
        response: { 201: Equipment },
      },
    },
    async (req, reply) => reply.code(201).send(await equipment.create(req.user, req.body)),
  );
  app.get(
    '/calibration-equipment/:id/',
    { schema: { tags, summary: 'One piece of equipment with its certificates', description: EXPIRY, params: IdParam, response: { 200: Equipment } } },
    (req) => equipment.get(req.user, req.params.id),
  );
  app.put(
    '/calibration-equipment/:id/',
    { schema: { tags, summary: 'Edit calibration equipment', description: EXPIRY, params: IdParam, body: EquipmentInput, response: { 200: Equipment } } },
    (req) => equipment.update(req.user, req.params.id, req.body),
  );
};
