import type { StandardElementTypeCode } from '@heliotrack/domain/element-types';
import type { Db } from '../db/database';
import { MODULE_WP, MODULES_PER_STRING, INVERTER_KW, TRACKER_WP } from './layout';

/*
 * The catalogue an organisation needs before it can follow a plant: the seven standard element
 * types, their construction states, one state group, contractors and a contractor group, and the
 * transaction types of a state change. Names are Spanish, the language of the site teams.
 */

interface ElementTypeSeed {
  code: StandardElementTypeCode;
  name: string;
  unitName: string;
  unitValue: number;
  /** Filterable by CT: every type but the perimeter masts, which are not part of a block. */
  ctrDependent: boolean;
  /** Laid with cables in trenches, so the trench must be dug first. */
  trenchDependent: boolean;
}

export const DEMO_ELEMENT_TYPES: ElementTypeSeed[] = [
  { code: 'HIN', name: 'Hincas', unitName: 'ud', unitValue: 1, ctrDependent: true, trenchDependent: false },
  { code: 'MAS', name: 'Mástiles', unitName: 'ud', unitValue: 1, ctrDependent: false, trenchDependent: true },
  {
    code: 'STR',
    name: 'Strings',
    unitName: 'kWp',
    unitValue: (MODULE_WP * MODULES_PER_STRING) / 1000,
    ctrDependent: true,
    trenchDependent: true,
  },
  {
    code: 'TRA',
    name: 'Trackers',
    unitName: 'kWp',
    unitValue: TRACKER_WP / 1000,
    ctrDependent: true,
    trenchDependent: false,
  },
  {
    code: 'MOD',
    name: 'Módulos',
    unitName: 'Wp',
    unitValue: MODULE_WP,
    ctrDependent: true,
    trenchDependent: false,
  },
  {
    code: 'INV',
    name: 'Inversores',
    unitName: 'kW',
    unitValue: INVERTER_KW,
    ctrDependent: true,
    trenchDependent: true,
  },
  {
    code: 'CTR',
    name: 'Centros de transformación',
    unitName: 'kVA',
    unitValue: 4000,
    ctrDependent: true,
    trenchDependent: true,
  },
];

interface StateSeed {
  code: string;
  name: string;
  description: string;
  color: string;
}

const PENDING = (description: string): StateSeed => ({
  code: 'PEND',
  name: 'Pendiente',
  description,
  color: 'bdbdbd',
});
const NOT_OK: Omit<StateSeed, 'description'> = { code: 'NOK', name: 'No OK', color: 'e53935' };

/**
 * Per type: the initial state, then the construction steps in order, the last one being the
 * quality check. Each step depends on the one before it (the first step on nothing, so elements
 * imported without a state can still start); the quality check is restricted to the people allowed
 * to sign it off. 'No OK' (is_ok 0) can be reached from anywhere.
 */
export const DEMO_STATES: Record<StandardElementTypeCode, { steps: StateSeed[]; notOk: string }> = {
  HIN: {
    steps: [
      PENDING('Hinca sin clavar'),
      { code: 'HINC', name: 'Hincada', description: 'Hinca clavada a cota', color: '1e88e5' },
      {
        code: 'REV',
        name: 'Revisada',
        description: 'Cota, posición y verticalidad comprobadas',
        color: '43a047',
      },
    ],
    notOk: 'Hinca rechazada: fuera de tolerancia o dañada',
  },
  MAS: {
    steps: [
      PENDING('Mástil sin izar'),
      { code: 'INST', name: 'Instalado', description: 'Mástil izado sobre su cimentación', color: 'ffb300' },
      { code: 'CONE', name: 'Conectado', description: 'Cámara y alimentación conectadas', color: '1e88e5' },
      {
        code: 'REV',
        name: 'Revisado',
        description: 'Funcionamiento de la cámara comprobado',
        color: '43a047',
      },
    ],
    notOk: 'Mástil con defecto de montaje o de conexión',
  },
  STR: {
    steps: [
      PENDING('String sin cablear'),
      {
        code: 'TEND',
        name: 'Tendido',
        description: 'Cable de string tendido y conectores crimpados',
        color: 'ffb300',
      },
      {
        code: 'CONE',
        name: 'Conectado',
        description: 'Conectado a su entrada del inversor',
        color: '1e88e5',
      },
      { code: 'PROB', name: 'Probado', description: 'Aislamiento y curva I-V correctos', color: '43a047' },
    ],
    notOk: 'String con fallo de aislamiento, polaridad o curva I-V',
  },
  TRA: {
    steps: [
      PENDING('Tracker sin montar'),
      {
        code: 'MONT',
        name: 'Montado',
        description: 'Vigas, tubo de torsión y motor montados',
        color: 'ffb300',
      },
      {
        code: 'ALIN',
        name: 'Alineado',
        description: 'Alineado y apretado al par de diseño',
        color: '1e88e5',
      },
      {
        code: 'REV',
        name: 'Revisado',
        description: 'Seguimiento y posición de defensa comprobados',
        color: '43a047',
      },
    ],
    notOk: 'Tracker con defecto de montaje o de seguimiento',
  },
  MOD: {
    steps: [
      PENDING('Módulo sin montar'),
      { code: 'MONT', name: 'Montado', description: 'Módulo fijado a la estructura', color: 'ffb300' },
      { code: 'CONE', name: 'Conectado', description: 'Conectores conectados en serie', color: '1e88e5' },
      {
        code: 'INSP',
        name: 'Inspeccionado',
        description: 'Inspección visual y número de serie correctos',
        color: '43a047',
      },
    ],
    notOk: 'Módulo roto, con microrroturas o mal conectado',
  },
  INV: {
    steps: [
      PENDING('Inversor sin instalar'),
      { code: 'INST', name: 'Instalado', description: 'Inversor fijado en su soporte', color: 'ffb300' },
      {
        code: 'CONE',
        name: 'Conectado',
        description: 'Cableado de continua y alterna conectado',
        color: '1e88e5',
      },
      {
        code: 'PEM',
        name: 'Puesto en marcha',
        description: 'Arranque y comunicaciones verificados',
        color: '43a047',
      },
    ],
    notOk: 'Inversor con alarma o defecto de conexión',
  },
  CTR: {
    steps: [
      PENDING('Centro sin colocar'),
      { code: 'INST', name: 'Instalado', description: 'Centro colocado sobre su losa', color: 'ffb300' },
      { code: 'CONE', name: 'Conectado', description: 'Media y baja tensión conectadas', color: '1e88e5' },
      {
        code: 'ENER',
        name: 'Energizado',
        description: 'Ensayos superados y centro en tensión',
        color: '43a047',
      },
    ],
    notOk: 'Centro con defecto en ensayos o conexiones',
  },
};

export interface ContractorSeed {
  name: string;
  address: string;
  contact_name: string;
  contact_email: string;
}

/**
 * Contractors in a fixed order that `progress.ts` relies on: piling, mechanical assembly,
 * electrical works, quality control. Fictitious companies with the names site teams are used to.
 */
export const DEMO_SOLAR_CONTRACTORS: ContractorSeed[] = [
  {
    name: 'Hincados del Guadalquivir S.L.',
    address: 'Polígono Industrial El Pilero, nave 12, 41410 Carmona (Sevilla)',
    contact_name: 'Rafael Moreno Vega',
    contact_email: 'obra@hincados-guadalquivir.demo',
  },
  {
    name: 'Montajes Solares Béticos S.L.',
    address: 'Calle Artesanía 7, 41500 Alcalá de Guadaíra (Sevilla)',
    contact_name: 'Lucía Romero Cano',
    contact_email: 'lromero@montajes-beticos.demo',
  },
  {
    name: 'Electricidad Vega de Carmona S.A.',
    address: 'Avenida de la Libertad 34, 41410 Carmona (Sevilla)',
    contact_name: 'Manuel Jiménez Ruiz',
    contact_email: 'mjimenez@electricidad-vega.demo',
  },
  {
    name: 'Calidad e Inspección Andaluza S.L.U.',
    address: 'Calle Astronomía 1, torre 3, 41015 Sevilla',
    contact_name: 'Carmen Navarro Díaz',
    contact_email: 'cnavarro@calidad-andaluza.demo',
  },
];

export const OTRA_ENERGIA_CONTRACTORS: ContractorSeed[] = [
  {
    name: 'Cimentaciones Astigi S.L.',
    address: 'Polígono La Campiña, parcela 8, 41400 Écija (Sevilla)',
    contact_name: 'Antonio Castillo León',
    contact_email: 'acastillo@cimentaciones-astigi.demo',
  },
  {
    name: 'Montajes del Genil S.L.',
    address: 'Calle Mayor 21, 41400 Écija (Sevilla)',
    contact_name: 'Rocío Márquez Soto',
    contact_email: 'rmarquez@montajes-genil.demo',
  },
  {
    name: 'Instalaciones Eléctricas Campiña S.A.',
    address: 'Carretera de Palma del Río km 2, 41400 Écija (Sevilla)',
    contact_name: 'Javier Ortiz Prieto',
    contact_email: 'jortiz@ie-campina.demo',
  },
];

const TRANSACTION_TYPES: {
  code: string;
  description: string;
  elementType: StandardElementTypeCode | null;
}[] = [
  { code: 'INS', description: 'Instalación', elementType: null },
  { code: 'CON', description: 'Conexión', elementType: null },
  { code: 'INSP', description: 'Inspección', elementType: null },
  { code: 'REP', description: 'Reparación', elementType: null },
  { code: 'HINC', description: 'Hincado', elementType: 'HIN' },
  { code: 'PRU', description: 'Pruebas eléctricas (aislamiento y curva I-V)', elementType: 'STR' },
  { code: 'PEM', description: 'Puesta en marcha', elementType: 'INV' },
];

export interface CatalogueIds {
  stateGroupId: number;
  contractorGroupId: number;
}

/** Creates the organisation's catalogue; a few dozen rows, inserted one by one for their ids. */
export async function createCatalogue(
  db: Db,
  clientId: number,
  contractors: ContractorSeed[],
): Promise<CatalogueIds> {
  const typeIds = new Map<StandardElementTypeCode, number>();
  for (const t of DEMO_ELEMENT_TYPES) {
    const { id } = await db
      .insertInto('element_types')
      .values({
        client_id: clientId,
        code: t.code,
        name: t.name,
        ctr_dependent: t.ctrDependent ? 1 : 0,
        trench_dependent: t.trenchDependent ? 1 : 0,
        measurement_unit_name: t.unitName,
        measurement_unit_value: t.unitValue,
        original_element_type: t.code,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(t.code, id);
  }

  const stateIds: number[] = [];
  for (const t of DEMO_ELEMENT_TYPES) {
    const { steps, notOk } = DEMO_STATES[t.code];
    let previous: number | null = null;
    for (const [i, s] of steps.entries()) {
      const { id }: { id: number } = await db
        .insertInto('states')
        .values({
          client_id: clientId,
          element_type_id: typeIds.get(t.code)!,
          code: s.code,
          name: s.name,
          description: s.description,
          color: s.color,
          is_ok: 1,
          restringed: i === steps.length - 1 ? 1 : 0,
          depends_on: i >= 2 ? previous : null,
          sort_order: i + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      stateIds.push(id);
      previous = id;
    }
    const { id } = await db
      .insertInto('states')
      .values({
        client_id: clientId,
        element_type_id: typeIds.get(t.code)!,
        ...NOT_OK,
        description: notOk,
        is_ok: 0,
        sort_order: steps.length + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stateIds.push(id);
  }

  const group = await db
    .insertInto('state_groups')
    .values({
      client_id: clientId,
      name: 'Estados de construcción',
      description: 'Estados de obra de los siete tipos de elemento',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('state_group_states')
    .values(stateIds.map((state_id) => ({ state_group_id: group.id, state_id })))
    .execute();

  const contractorIds: number[] = [];
  for (const c of contractors) {
    const { id } = await db
      .insertInto('contractors')
      .values({ client_id: clientId, ...c })
      .returning('id')
      .executeTakeFirstOrThrow();
    contractorIds.push(id);
  }
  const contractorGroup = await db
    .insertInto('contractor_groups')
    .values({ client_id: clientId, name: 'Contratistas de obra' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // An organisation made by `admin:create` starts without contractors (an empty insert is an SQL error).
  if (contractorIds.length) {
    await db
      .insertInto('contractor_group_members')
      .values(
        contractorIds.map((contractor_id) => ({ contractor_group_id: contractorGroup.id, contractor_id })),
      )
      .execute();
  }

  await db
    .insertInto('transaction_types')
    .values(
      TRANSACTION_TYPES.map((t) => ({
        client_id: clientId,
        code: t.code,
        description: t.description,
        element_type_id: t.elementType ? typeIds.get(t.elementType)! : null,
      })),
    )
    .execute();

  return { stateGroupId: group.id, contractorGroupId: contractorGroup.id };
}
