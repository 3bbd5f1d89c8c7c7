import { ADMIN_ROLE } from '@heliotrack/domain/constants';
import { ROLE_CODES, type RoleCode } from '@heliotrack/domain/roles';
import type { Db } from '../db/database';
import { hashPassword } from '../lib/passwords';
import { nowIso } from '../lib/time';
import {
  type ContractorSeed,
  createCatalogue,
  DEMO_SOLAR_CONTRACTORS,
  OTRA_ENERGIA_CONTRACTORS,
} from './catalogue';
import { createDemoPlant } from './plant';
import { createDemoPpi, createDemoTemplates } from './ppis';
import { seedDemoSerials } from './serials';

/*
 * The demo organisations: what a fresh install shows, what the tests log in as, and what the
 * benchmarks measure. Everything but the password salt and the dates is deterministic.
 */

export const DEMO_PASSWORD = 'heliotrack';

export const ROLE_NAMES: Record<RoleCode, string> = {
  AD: 'Administrador',
  JO: 'Jefe de obra',
  CA: 'Inspector de calidad',
  TC: 'Técnico de campo',
  VI: 'Consulta',
};

/** Printed at start-up so that whoever runs the demo knows how to get in. */
export const DEMO_LOGINS = [
  { email: 'admin@heliotrack.demo', description: 'Demo Solar administrator (AD)' },
  {
    email: 'tecnico@heliotrack.demo',
    description: 'Demo Solar field technician (TC), authorised on both plants with the construction RUC',
  },
  { email: 'inactivo@heliotrack.demo', description: 'deactivated Demo Solar account (cannot log in)' },
  {
    email: 'inspector@heliotrack.demo',
    description: 'Demo Solar quality inspector (CA), authorised on both plants and linked to their PPIs',
  },
  { email: 'admin@otra.demo', description: 'Otra Energía administrator (AD), a second organisation' },
] as const;

export interface SeedOptions {
  /** MWp of Demo Solar's large plant; 0 skips it. Default 50 (about 100,000 elements). */
  largePlantMwp?: number;
  /** MWp of the small plants (one per organisation); 0 skips them. Default 1. */
  smallPlantMwp?: number;
  log?: (msg: string) => void;
}

interface UserSeed {
  email: string;
  name: string;
  role: RoleCode;
  active?: boolean;
}

interface OrganisationSeed {
  name: string;
  nif: string;
  address: string;
  contact_name: string;
  contact_email: string;
  users: UserSeed[];
  contractors: ContractorSeed[];
}

const DEMO_SOLAR: OrganisationSeed = {
  name: 'Demo Solar',
  nif: 'B90123456',
  address: 'Calle Prim 8, 41410 Carmona (Sevilla)',
  contact_name: 'Ana Administradora',
  contact_email: 'admin@heliotrack.demo',
  users: [
    { email: 'admin@heliotrack.demo', name: 'Ana Administradora', role: ADMIN_ROLE },
    { email: 'tecnico@heliotrack.demo', name: 'Tomás Técnico', role: 'TC' },
    { email: 'inactivo@heliotrack.demo', name: 'Iván Inactivo', role: 'TC', active: false },
    { email: 'inspector@heliotrack.demo', name: 'Irene Inspectora', role: 'CA' },
  ],
  contractors: DEMO_SOLAR_CONTRACTORS,
};

const OTRA_ENERGIA: OrganisationSeed = {
  name: 'Otra Energía',
  nif: 'B14987654',
  address: 'Avenida de Andalucía 45, 41400 Écija (Sevilla)',
  contact_name: 'Olga Ortega',
  contact_email: 'admin@otra.demo',
  users: [{ email: 'admin@otra.demo', name: 'Olga Ortega', role: ADMIN_ROLE }],
  contractors: OTRA_ENERGIA_CONTRACTORS,
};

/** Farmland around Carmona and Écija, far enough apart that the plants never overlap. */
export const DEMO_CENTERS = {
  small: { lon: -5.625, lat: 37.448 },
  large: { lon: -5.59, lat: 37.442 },
  reference: { lon: -5.54, lat: 37.43 },
  other: { lon: -5.1, lat: 37.52 },
};

/**
 * Seeds the demo organisations when the database has no organisation yet; answers whether it did.
 * One transaction: a crash half-way leaves an empty database, which the next start seeds again.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const { largePlantMwp = 50, smallPlantMwp = 1, log } = options;
  if (await db.selectFrom('clients').select('id').limit(1).executeTakeFirst()) return false;
  const started = performance.now();
  // One hash for every demo user: scrypt is slow on purpose, and the password is the same.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const roleIds = await ensureRoles(trx);

    const demo = await createOrganisation(trx, DEMO_SOLAR, roleIds, passwordHash);
    const demoCatalogue = await createCatalogue(trx, demo.clientId, DEMO_SOLAR.contractors);
    const technician = demo.userIds.get('tecnico@heliotrack.demo')!;
    const inactive = demo.userIds.get('inactivo@heliotrack.demo')!;
    const inspector = demo.userIds.get('inspector@heliotrack.demo')!;
    const demoTemplates = await createDemoTemplates(trx, demo.clientId);
    const demoPpiUsers = [
      { userId: inspector, role: 'CA' as const },
      { userId: technician, role: 'TC' as const },
    ];
    // The technician records the construction steps, the administrator the sign-offs and rejections.
    const demoAuthors = { site: technician, quality: demo.userIds.get('admin@heliotrack.demo')! };
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    if (smallPlantMwp > 0) {
      const { plantId } = await createDemoPlant(trx, demo.clientId, {
        ...demoCatalogue,
        mwp: smallPlantMwp,
        code: 'CAR-01',
        name: 'FV Carmona I',
        center: DEMO_CENTERS.small,
        startDate: days(84),
        userIds: [technician, inactive, inspector],
        history: demoAuthors,
        log,
      });
      await createDemoRucs(trx, demo.clientId, plantId, demoCatalogue.stateGroupId, [technician]);
      await createDemoPpi(trx, demo.clientId, plantId, demoTemplates.piles, demoPpiUsers);
      await seedDemoSerials(trx, plantId);
    }
    if (largePlantMwp > 0) {
      const { plantId } = await createDemoPlant(trx, demo.clientId, {
        ...demoCatalogue,
        mwp: largePlantMwp,
        code: 'CAR-02',
        name: 'FV Carmona II',
        center: DEMO_CENTERS.large,
        startDate: days(90),
        userIds: [technician, inspector],
        history: demoAuthors,
        log,
      });
      await createDemoRucs(trx, demo.clientId, plantId, demoCatalogue.stateGroupId, [technician]);
      await createDemoPpi(trx, demo.clientId, plantId, demoTemplates.piles, demoPpiUsers);
      await seedDemoSerials(trx, plantId);
    }

    const other = await createOrganisation(trx, OTRA_ENERGIA, roleIds, passwordHash);
    const otherCatalogue = await createCatalogue(trx, other.clientId, OTRA_ENERGIA.contractors);
    const otherAdmin = other.userIds.get('admin@otra.demo')!;
    const otherTemplates = await createDemoTemplates(trx, other.clientId);
    if (smallPlantMwp > 0) {
      const { plantId } = await createDemoPlant(trx, other.clientId, {
        ...otherCatalogue,
        mwp: smallPlantMwp,
        code: 'ECI-01',
        name: 'FV Écija I',
        location: 'Écija, Sevilla',
        center: DEMO_CENTERS.other,
        startDate: days(70),
        history: { site: otherAdmin, quality: otherAdmin },
        log,
      });
      await createDemoPpi(trx, other.clientId, plantId, otherTemplates.piles, [{ userId: otherAdmin, role: 'CA' }]);
    }
  });
  log?.(`demo seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/**
 * Two RUCs per plant (DESIGN section 12): construction, the steps site teams record (every OK state
 * past the initial one that is not restricted), given to `userIds`; quality, the restricted
 * sign-offs and 'No OK', left for an administrator to hand out.
 */
async function createDemoRucs(
  db: Db,
  clientId: number,
  plantId: number,
  stateGroupId: number,
  userIds: number[],
) {
  const states = await db
    .selectFrom('states')
    .innerJoin('state_group_states', 'state_group_states.state_id', 'states.id')
    .select(['states.id', 'states.is_ok', 'states.restringed', 'states.sort_order'])
    .where('state_group_states.state_group_id', '=', stateGroupId)
    .execute();
  const rucs = [
    {
      name: 'Montaje',
      description: 'Pasos de obra: hincado, montaje, tendido y conexión',
      stateIds: states
        .filter((s) => s.is_ok === 1 && s.restringed === 0 && s.sort_order > 1)
        .map((s) => s.id),
      userIds,
    },
    {
      name: 'Calidad',
      description: 'Revisiones finales y rechazos',
      stateIds: states.filter((s) => s.is_ok === 0 || s.restringed === 1).map((s) => s.id),
      userIds: [],
    },
  ];
  for (const ruc of rucs) {
    const { id } = await db
      .insertInto('rucs')
      .values({ client_id: clientId, plant_id: plantId, name: ruc.name, description: ruc.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ruc_states')
      .values(ruc.stateIds.map((state_id) => ({ ruc_id: id, state_id })))
      .execute();
    if (ruc.userIds.length) {
      await db
        .insertInto('user_rucs')
        .values(ruc.userIds.map((user_id) => ({ user_id, plant_id: plantId, ruc_id: id, is_active: 1 })))
        .execute();
    }
  }
}

/** Roles are shared by every organisation; only the missing ones are added. */
export async function ensureRoles(db: Db) {
  const existing = await db.selectFrom('roles').select(['id', 'code']).execute();
  const missing = ROLE_CODES.filter((code) => !existing.some((r) => r.code === code));
  if (missing.length) {
    await db
      .insertInto('roles')
      .values(missing.map((code) => ({ code, name: ROLE_NAMES[code] })))
      .execute();
  }
  const all = await db.selectFrom('roles').select(['id', 'code']).execute();
  return new Map(all.map((r) => [r.code, r.id]));
}

async function createOrganisation(
  db: Db,
  org: OrganisationSeed,
  roleIds: Map<string, number>,
  passwordHash: string,
) {
  const now = nowIso();
  const client = await db
    .insertInto('clients')
    .values({
      name: org.name,
      nif: org.nif,
      address: org.address,
      contact_name: org.contact_name,
      contact_email: org.contact_email,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userIds = new Map<string, number>();
  for (const u of org.users) {
    const { id } = await db
      .insertInto('users')
      .values({
        client_id: client.id,
        email: u.email,
        name: u.name,
        password_hash: passwordHash,
        is_active: u.active === false ? 0 : 1,
        language: 'es',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values({ user_id: id, role_id: roleIds.get(u.role)! })
      .execute();
    userIds.set(u.email, id);
  }
  return { clientId: client.id, userIds };
}
