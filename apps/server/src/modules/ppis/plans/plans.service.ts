import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { ROLE_CODES } from '@heliotrack/domain/roles';
import {
  type ActivityDetail,
  type LinkedPpi,
  type LinkElementsRequest,
  type LinkElementsResult,
  type Ppi,
  type PpiDetail,
  PpiElementFilters,
  type PpiInput,
  type PpiListQuery,
  type PpiUpdate,
  type PpiUserInput,
  PPI_LOGO_MAX_BYTES,
  type RequiredActivityUpdate,
  type TemplateElementsQuery,
  type UserPpiPermissions,
} from '@heliotrack/domain/ppis';
import { encodePpiTile, type PpiTileElement } from '@heliotrack/domain/tile-content';
import { encodeResultTile } from '@heliotrack/domain/ppi-result-tiles';
import type { PpiResultValue } from '@heliotrack/domain/ppi-results';
import { issuesToFieldErrors } from '@heliotrack/domain/validation';
import type { Language } from '@heliotrack/domain/constants';
import type { Db } from '../../../db/database';
import type { PlantRow } from '../../../db/schema';
import { ApiError, fieldError, notFound } from '../../../lib/errors';
import { offsetOf, pageOf } from '../../../lib/pagination';
import { newStorageKey, type Storage } from '../../../lib/storage';
import { nowIso } from '../../../lib/time';
import { requireAdmin, type CurrentUser } from '../../../lib/current-user';
import { requirePlant } from '../../access/access.service';
import { checkDocumentKind } from '../../../lib/document-kinds';
import { toElementDto } from '../../../lib/element-dto';
import { findElementTypeInClient, findUserInClient } from '../../catalogues/catalogues.repository';
import { findRolesByCode, findRolesOfUsers } from '../../access/access.repository';
import type { TileAnswer, TileRequest } from '../../../lib/tile-answers';
import * as repo from './plans.repository';
import { shareElementWrites, takeElementsVersion } from '../../../lib/plant-writes.repository';
import * as templateRepo from '../templates/templates.repository';
import { readSmallUpload } from '../../../lib/small-upload';
import { activityValues, parseRoles, toActivityDto } from '../../../lib/ppi-activities';

/** Ids named in a 400 about elements that are not the plan's. */
const LISTED_IDS = 20;

export const ppiLogoUrl = (ppiId: number) => `/api/ppis/${ppiId}/logo/`;

function toPpiDto(row: repo.PpiRow, users: Awaited<ReturnType<typeof repo.listPpiUsers>>): Ppi {
  return {
    ...toPpiSummary(row),
    template: row.template_id !== null ? { id: row.template_id, name: row.template_name ?? '' } : null,
    closed_by: row.closed_by !== null ? { id: row.closed_by, name: row.closed_by_name ?? '' } : null,
    closed_at: row.closed_at,
    logo: row.logo_key ? ppiLogoUrl(row.id) : null,
    activity_count: Number(row.activity_count ?? 0),
    required_activity_count: Number(row.required_activity_count ?? 0),
    element_count: Number(row.element_count ?? 0),
    links_version: row.links_version,
    users: users
      .filter((u) => u.ppi_id === row.id)
      .map((u) => ({ user: u.id, name: u.name, email: u.email, role: u.role })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What every short answer about a plan shows: code, name, status, plant and element type. */
function toPpiSummary(row: {
  id: number;
  code: string;
  name: string;
  status: string;
  plant_id: number;
  plant_code: string;
  plant_name: string;
  element_type_id: number;
  type_code: string;
  type_name: string;
}) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status === 'closed' ? ('closed' as const) : ('open' as const),
    plant: { id: row.plant_id, code: row.plant_code, name: row.plant_name },
    element_type: { id: row.element_type_id, code: row.type_code, name: row.type_name },
  };
}

function toLinkedPpiDto(row: Awaited<ReturnType<typeof repo.listLinkedPpis>>[number]): LinkedPpi {
  return { ...toPpiSummary(row), role: row.role };
}

/**
 * What a plan's maps ask of the spatial module (buildApp hands in SpatialService): tiles of the plan's
 * element type, drawn by the plan's own encoder, and the elements of that type inside a polygon.
 */
export interface PlanMaps {
  typeTile(
    plant: PlantRow,
    typeId: number,
    tile: TileRequest,
    version: string,
    ifNoneMatch: string | undefined,
    encode: (elements: PpiTileElement[], types: { id: number; code: string }[], context: PpiTileElement[]) => Promise<Uint8Array>,
    log: FastifyBaseLogger,
  ): Promise<TileAnswer>;
  idsInsidePolygon(plant: PlantRow, typeId: number, polygon: string, log: FastifyBaseLogger): Promise<number[]>;
}

/**
 * What the register map reads of a plan's results: what versions its tiles, and each element's result
 * of an activity. The results area answers it (buildApp hands in PpiResultsService), so plans never
 * import results, which build on plans.
 */
export interface RegisterReads {
  resultsVersion(ppiId: number): Promise<string>;
  resultsAmong(ppiId: number, activityId: number, elementIds: number[]): Promise<Map<number, string>>;
}

/**
 * PPIs of a plant: the plan, its users, its activities and its linked elements. Administrators
 * (role AD) manage them; anybody else sees the plans they are linked to, on plants they are
 * authorised on, and nothing else (404, as for another organisation's ids).
 */
export class PpisService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly spatial: PlanMaps,
    private readonly register: RegisterReads,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Plans
  // -------------------------------------------------------------------------------------------

  /** `GET ppis-admin-list`: every plan of the organisation (administrators). */
  async adminList(user: CurrentUser, filters: PpiListQuery) {
    requireAdmin(user);
    return this.list(user, filters);
  }

  /** `GET plants/{id}/ppis/` */
  async listOfPlant(user: CurrentUser, plantId: number, filters: PpiListQuery) {
    await requirePlant(this.db, user, plantId);
    return this.list(user, { ...filters, plant: plantId });
  }

  private async list(user: CurrentUser, filters: PpiListQuery) {
    const rows = await repo.listPpis(this.db, user, filters);
    const users = await repo.listPpiUsers(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toPpiDto(row, users));
  }

  /** `GET ppis/{id}` */
  async get(user: CurrentUser, ppiId: number): Promise<PpiDetail> {
    const row = await repo.findPpi(this.db, user, ppiId);
    if (!row) throw notFound();
    const users = await repo.listPpiUsers(this.db, [row.id]);
    const activities = (await repo.listPpiActivities(this.db, row.id)).map(toActivityDto);
    return { ...toPpiDto(row, users), activities };
  }

  /** `GET plants/{id}/ppis/{ppiId}/`: a plan of another plant is not found. */
  async getOfPlant(user: CurrentUser, plantId: number, ppiId: number) {
    await this.requirePpiOfPlant(user, plantId, ppiId);
    return this.get(user, ppiId);
  }

  /** `POST plants/{id}/ppis/`: copies the template's activities; links no element and makes no result. */
  async create(user: CurrentUser, plantId: number, body: PpiInput) {
    requireAdmin(user);
    const plant = await requirePlant(this.db, user, plantId);
    const template = await templateRepo.findTemplate(this.db, user.clientId, body.template);
    if (!template) throw fieldError('template', 'ppis.unknownTemplate', { id: body.template });
    if (template.plant_id !== null && template.plant_id !== plant.id)
      throw fieldError('template', 'ppis.templateOfOtherPlant', { name: template.name });
    const users = await this.checkUsers(user, plant.id, body.users ?? []);
    const id = await this.db.transaction().execute(async (trx) => {
      if (await repo.findPpiByCode(trx, plant.id, body.code))
        throw fieldError('code', 'ppis.duplicateCode', { code: body.code });
      const now = nowIso();
      const ppiId = await repo.insertPpi(trx, {
        client_id: user.clientId,
        plant_id: plant.id,
        template_id: template.id,
        element_type_id: template.element_type_id,
        code: body.code,
        name: body.name,
        created_at: now,
        updated_at: now,
      });
      const activities = await templateRepo.listTemplateActivities(trx, [template.id]);
      await repo.insertPpiActivities(
        trx,
        ppiId,
        activityValues(
          activities.map((a) => ({
            name: a.name,
            criteria: a.criteria,
            is_required: a.is_required === 1,
            roles: parseRoles(a.roles) as never,
          })),
        ),
      );
      await repo.replacePpiUsers(trx, ppiId, users);
      return ppiId;
    });
    return this.get(user, id);
  }

  /** `PUT plants/{id}/ppis/{ppiId}/`: code, name and users; the template and activities stay. */
  async update(user: CurrentUser, plantId: number, ppiId: number, body: PpiUpdate) {
    requireAdmin(user);
    const ppi = await this.requirePpiOfPlant(user, plantId, ppiId);
    const users = await this.checkUsers(user, ppi.plant_id, body.users ?? []);
    await this.db.transaction().execute(async (trx) => {
      // A writer of the plant's sync stream (its users' PPI sections): the version is taken last.
      await shareElementWrites(trx, ppi.plant_id);
      const sameCode = await repo.findPpiByCode(trx, ppi.plant_id, body.code);
      if (sameCode && sameCode.id !== ppi.id)
        throw fieldError('code', 'ppis.duplicateCode', { code: body.code });
      await repo.updatePpi(trx, ppi.id, { code: body.code, name: body.name, updated_at: nowIso() });
      await repo.replacePpiUsers(trx, ppi.id, users);
      await repo.setSyncVersion(trx, ppi.id, await takeElementsVersion(trx, ppi.plant_id, { elementRows: false }));
    });
    return this.get(user, ppi.id);
  }

  /** `DELETE plants/{id}/ppis/{ppiId}/`: the plan, its activities, users, links and logo. */
  async delete(user: CurrentUser, plantId: number, ppiId: number) {
    requireAdmin(user);
    const ppi = await this.requirePpiOfPlant(user, plantId, ppiId);
    await repo.deletePpi(this.db, ppi.id);
    if (ppi.logo_key) await this.storage.delete(ppi.logo_key);
  }

  /** Users of the organisation, active, authorised on the plant (or administrators), each once, with a known role. */
  private async checkUsers(user: CurrentUser, plantId: number, users: PpiUserInput[]) {
    if (users.length === 0) return [];
    const candidates = new Map(
      (await repo.listCandidateUsers(this.db, user.clientId, plantId)).map((u) => [u.id, u]),
    );
    const roleIds = new Map((await findRolesByCode(this.db, [...ROLE_CODES])).map((r) => [r.code, r.id]));
    const checked: { user_id: number; role_id: number }[] = [];
    for (const [index, entry] of users.entries()) {
      if (!candidates.has(entry.user)) {
        const known = await findUserInClient(this.db, user.clientId, entry.user);
        if (!known) throw fieldError(`users.${index}.user`, 'ppis.unknownUser', { id: entry.user });
        throw fieldError(
          `users.${index}.user`,
          known.is_active === 1 ? 'ppis.userNotOnPlant' : 'ppis.userInactive',
          { name: known.name },
        );
      }
      checked.push({ user_id: entry.user, role_id: roleIds.get(entry.role)! });
    }
    return checked;
  }

  // -------------------------------------------------------------------------------------------
  // Who sees what
  // -------------------------------------------------------------------------------------------

  /** `GET user/client-inspections/` and `GET user-linked-ppis`: the plans the caller is linked to. */
  async linkedPpis(user: CurrentUser, filters: PpiListQuery = {}) {
    return (await repo.listLinkedPpis(this.db, user, filters)).map(toLinkedPpiDto);
  }

  /** `GET client-ppi-plants` */
  async plants(user: CurrentUser) {
    return (await repo.listPpiPlants(this.db, user)).map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      ppi_count: Number(p.ppi_count ?? 0),
    }));
  }

  /** `GET client-ppi-users[?plant=ID]` (administrators): who may be linked to a plan, with their roles. */
  async candidateUsers(user: CurrentUser, plantId: number | undefined) {
    requireAdmin(user);
    if (plantId !== undefined) await requirePlant(this.db, user, plantId);
    const users = await repo.listCandidateUsers(this.db, user.clientId, plantId);
    const roles = await findRolesOfUsers(
      this.db,
      users.map((u) => u.id),
    );
    return users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      roles: roles.filter((r) => r.user_id === u.id).map((r) => r.code),
    }));
  }

  /** `GET ppis/{id}/user-ppi-permissions` */
  async permissions(user: CurrentUser, ppiId: number): Promise<UserPpiPermissions> {
    const ppi = await this.requirePpi(user, ppiId);
    const role = (await repo.findRoleInPpi(this.db, ppi.id, user.id)) ?? null;
    const activities = await repo.listPpiActivities(this.db, ppi.id);
    const recordable = user.isAdmin
      ? activities
      : activities.filter((a) => role !== null && parseRoles(a.roles).includes(role));
    return {
      ppi: ppi.id,
      can_view: true,
      can_manage: user.isAdmin,
      role,
      recordable_activities: recordable.map((a) => a.id),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Activities
  // -------------------------------------------------------------------------------------------

  /** `GET ppis/{id}/activities-list` */
  async activities(user: CurrentUser, ppiId: number) {
    const ppi = await this.requirePpi(user, ppiId);
    return (await repo.listPpiActivities(this.db, ppi.id)).map(toActivityDto);
  }

  /** `GET ppis/{id}/required-activities-list/` */
  async requiredActivities(user: CurrentUser, ppiId: number) {
    const ppi = await this.requirePpi(user, ppiId);
    return (await repo.listPpiActivities(this.db, ppi.id, true)).map(toActivityDto);
  }

  /** `GET ppis/{id}/activities/{aid}` */
  async activity(user: CurrentUser, ppiId: number, activityId: number): Promise<ActivityDetail> {
    const row = await repo.findPpi(this.db, user, ppiId);
    if (!row) throw notFound();
    const activity = await repo.findPpiActivity(this.db, row.id, activityId);
    if (!activity) throw notFound();
    return { ...toActivityDto(activity), ppi: toPpiSummary(row) };
  }

  /** `POST ppis/{id}/update-ppi-required-activity` (administrators) */
  async updateRequiredActivity(user: CurrentUser, ppiId: number, body: RequiredActivityUpdate) {
    requireAdmin(user);
    const ppi = await this.requirePpi(user, ppiId);
    const activity = await repo.findPpiActivity(this.db, ppi.id, body.activity);
    if (!activity) throw fieldError('activity', 'ppis.unknownActivity', { id: body.activity });
    await repo.setActivityRequired(this.db, activity.id, body.is_required);
    return toActivityDto({ ...activity, is_required: body.is_required ? 1 : 0 });
  }

  // -------------------------------------------------------------------------------------------
  // Linked elements
  // -------------------------------------------------------------------------------------------

  /** `GET ppis/{id}/template-elements/`: the plant's elements of the plan's type, paged, each with is_linked. */
  async templateElements(user: CurrentUser, ppiId: number, query: TemplateElementsQuery, url: string) {
    const ppi = await this.requirePpi(user, ppiId);
    const { page, page_size, ordering, ...filters } = query;
    const scope = { ppiId: ppi.id, plantId: ppi.plant_id, typeId: ppi.element_type_id };
    const [count, rows] = await Promise.all([
      repo.countPpiElements(this.db, scope, filters),
      repo.listPpiElements(
        this.db,
        scope,
        { ...filters, ordering },
        { limit: page_size, offset: offsetOf({ page, page_size }) },
      ),
    ]);
    return pageOf(
      rows.map((row) => ({ ...toElementDto(row), is_linked: row.linked_id !== null })),
      count,
      { page, page_size },
      url,
    );
  }

  /**
   * `GET ppis/{id}/map-template-elements/{z}/{x}/{y}.pbf`: the plan's type on the map, linked
   * elements in their own colour; below the detail zoom, a plan of piles or modules shows the
   * plant's layout faintly instead (`context`), as the domain's tile rules say.
   */
  async mapTile(
    user: CurrentUser,
    ppiId: number,
    tile: TileRequest,
    ifNoneMatch: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<TileAnswer> {
    const ppi = await this.requirePpi(user, ppiId);
    const plant = await requirePlant(this.db, user, ppi.plant_id);
    return this.spatial.typeTile(
      plant,
      ppi.element_type_id,
      tile,
      `ppi${ppi.id}.${ppi.links_version}`,
      ifNoneMatch,
      async (elements, types, context) => {
        const linked = await repo.findLinkedAmong(
          this.db,
          ppi.id,
          elements.map((e) => e.id),
        );
        return encodePpiTile(elements, types, linked, tile, context);
      },
      log,
    );
  }

  /**
   * `GET ppis/{id}/map-results/{z}/{x}/{y}.pbf?activity=ID`: the register map, linked elements
   * coloured by their result of the activity. Its version follows links and results alike.
   */
  async resultTile(
    user: CurrentUser,
    ppiId: number,
    activityId: number,
    tile: TileRequest,
    ifNoneMatch: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<TileAnswer> {
    const ppi = await this.requirePpi(user, ppiId);
    const activity = await repo.findPpiActivity(this.db, ppi.id, activityId);
    if (!activity) throw fieldError('activity', 'ppis.unknownActivity', { id: activityId });
    const plant = await requirePlant(this.db, user, ppi.plant_id);
    const version = `ppi${ppi.id}.${ppi.links_version}.a${activity.id}.${createHash('sha1')
      .update(await this.register.resultsVersion(ppi.id))
      .digest('hex')
      .slice(0, 12)}`;
    return this.spatial.typeTile(
      plant,
      ppi.element_type_id,
      tile,
      version,
      ifNoneMatch,
      async (elements, types, context) => {
        const ids = elements.map((e) => e.id);
        const [linked, results] = await Promise.all([
          repo.findLinkedAmong(this.db, ppi.id, ids),
          this.register.resultsAmong(ppi.id, activity.id, ids),
        ]);
        return encodeResultTile(
          elements,
          types,
          linked,
          results as Map<number, PpiResultValue>,
          tile,
          context,
        );
      },
      log,
    );
  }

  /**
   * `POST ppis/{id}/link-elements` and `unlink-elements` (administrators): by ids, by the list's
   * filters or by a polygon, in one transaction. Idempotent: what is linked already stays linked,
   * and `changed` counts only what this request changed.
   */
  async link(
    user: CurrentUser,
    ppiId: number,
    body: LinkElementsRequest,
    action: 'link' | 'unlink',
    language: Language,
    log: FastifyBaseLogger,
  ): Promise<LinkElementsResult> {
    requireAdmin(user);
    const ppi = await this.requirePpi(user, ppiId);
    if (ppi.status === 'closed') throw fieldError('non_field_errors', 'ppis.closed');
    const plant = await requirePlant(this.db, user, ppi.plant_id);
    const scope = { ppiId: ppi.id, plantId: ppi.plant_id, typeId: ppi.element_type_id };

    let filters: PpiElementFilters | undefined;
    if (body.filters) {
      const parsed = PpiElementFilters.strict().safeParse(
        Object.fromEntries(Object.entries(body.filters).map(([k, v]) => [k, String(v)])),
      );
      if (!parsed.success) {
        const errors = issuesToFieldErrors(parsed.error.issues, language);
        throw new ApiError(
          400,
          Object.fromEntries(Object.entries(errors).map(([k, v]) => [`filters.${k}`, v])),
        );
      }
      filters = parsed.data;
    }
    // The polygon is read before the transaction: parsing and testing geometry needs no lock.
    const polygonIds =
      body.polygon !== undefined
        ? await this.spatial.idsInsidePolygon(plant, ppi.element_type_id, body.polygon, log)
        : undefined;

    return this.db.transaction().execute(async (trx) => {
      // A writer of the plant's sync stream (the PPI sections): the version is taken last.
      await shareElementWrites(trx, ppi.plant_id);
      const now = nowIso();
      let changed: number;
      let selected: number;
      if (filters) {
        selected = await repo.countPpiElements(trx, scope, filters);
        changed =
          action === 'link'
            ? await repo.linkFiltered(trx, scope, filters, now)
            : await repo.unlinkFiltered(trx, scope, filters);
      } else {
        let ids = polygonIds ?? [...new Set(body.element_ids!)];
        if (!polygonIds) {
          const found = new Set(await repo.findElementIdsInScope(trx, scope, ids));
          const missing = ids.filter((id) => !found.has(id));
          if (missing.length) {
            const type =
              (await findElementTypeInClient(trx, user.clientId, { id: ppi.element_type_id }))?.code ?? '';
            const listed = missing.slice(0, LISTED_IDS).join(', ') + (missing.length > LISTED_IDS ? '…' : '');
            throw fieldError('element_ids', 'ppis.link.elementsNotFound', { type, ids: listed });
          }
          ids = [...found];
        }
        selected = ids.length;
        changed =
          action === 'link'
            ? await repo.linkElementIds(trx, ppi.id, ids, now)
            : await repo.unlinkElementIds(trx, ppi.id, ids);
      }
      const linksVersion = changed > 0 ? await repo.bumpLinksVersion(trx, ppi.id, now) : ppi.links_version;
      if (changed > 0) await repo.setSyncVersion(trx, ppi.id, await takeElementsVersion(trx, ppi.plant_id, { elementRows: false }));
      return {
        changed,
        selected,
        element_count: await repo.countLinked(trx, ppi.id),
        links_version: linksVersion,
      };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Logo
  // -------------------------------------------------------------------------------------------

  /** `POST ppis/{id}/logo/` (administrators, multipart `logo`): a PNG or JPEG, recognised by its bytes; replaces the previous one. */
  async uploadLogo(
    user: CurrentUser,
    ppiId: number,
    parts: AsyncIterable<Multipart> | null,
    contentType: string | undefined,
  ) {
    requireAdmin(user);
    const ppi = await this.requirePpi(user, ppiId);
    const upload = await readSmallUpload(parts, contentType, {
      fileField: 'logo',
      fields: [],
      maxBytes: PPI_LOGO_MAX_BYTES,
      tooLarge: () => fieldError('logo', 'ppis.logoTooLarge', { max: PPI_LOGO_MAX_BYTES / (1024 * 1024) }),
    });
    if (!upload.file || upload.file.bytes.length === 0) throw fieldError('logo', 'ppis.logoRequired');
    const kind = checkDocumentKind(
      upload.file.fileName || 'logo',
      upload.file.declaredType,
      upload.file.bytes.subarray(0, 512),
    );
    if (!kind.ok || (kind.kind !== 'png' && kind.kind !== 'jpeg'))
      throw fieldError('logo', 'ppis.logoNotImage');
    const key = newStorageKey();
    await this.storage.put(key, Readable.from([upload.file.bytes]), kind.contentType);
    await repo.updatePpi(this.db, ppi.id, {
      logo_key: key,
      logo_name: upload.file.fileName || 'logo',
      logo_content_type: kind.contentType,
      updated_at: nowIso(),
    });
    if (ppi.logo_key) await this.storage.delete(ppi.logo_key);
    return this.get(user, ppi.id);
  }

  /** `DELETE ppis/{id}/delete-logo/` (administrators) */
  async deleteLogo(user: CurrentUser, ppiId: number) {
    requireAdmin(user);
    const ppi = await this.requirePpi(user, ppiId);
    if (!ppi.logo_key) return;
    await repo.updatePpi(this.db, ppi.id, {
      logo_key: null,
      logo_name: null,
      logo_content_type: null,
      updated_at: nowIso(),
    });
    await this.storage.delete(ppi.logo_key);
  }

  /** `GET ppis/{id}/logo/`: the image, for whoever sees the plan. */
  async logo(user: CurrentUser, ppiId: number) {
    const ppi = await this.requirePpi(user, ppiId);
    if (!ppi.logo_key || !ppi.logo_content_type) throw notFound();
    const stream = await this.storage.get(ppi.logo_key);
    if (!stream) throw notFound();
    return { stream, contentType: ppi.logo_content_type };
  }

  // -------------------------------------------------------------------------------------------
  // Access
  // -------------------------------------------------------------------------------------------

  /** A plan the caller does not see (another organisation's, not linked, a plant not authorised on) is not found. */
  private async requirePpi(user: CurrentUser, ppiId: number) {
    const ppi = await repo.findVisiblePpi(this.db, user, ppiId);
    if (!ppi) throw notFound();
    return ppi;
  }

  private async requirePpiOfPlant(user: CurrentUser, plantId: number, ppiId: number) {
    await requirePlant(this.db, user, plantId);
    const ppi = await this.requirePpi(user, ppiId);
    if (ppi.plant_id !== plantId) throw notFound();
    return ppi;
  }
}
