import { z } from 'zod';
import { Element, ElementFilters } from './elements';
import type { ApiMessageKey } from './i18n/translate';
import { PageQuery } from './pagination';
import { PlantSummary } from './plants';
import { ROLE_CODES, type RoleCode } from './roles';

/*
 * Quality-inspection plans (PPIs: "programa de puntos de inspección", inspection and test plans)
 * and their templates, issue "PPIs I". A template of the organisation (optionally of one plant)
 * lists activities in order for one element type; a PPI of a plant copies them when it is made,
 * links users (each with the role they hold in it) and elements of that type. Results come later.
 */

export const PPI_STATUSES = ['open', 'closed'] as const;
export type PpiStatus = (typeof PPI_STATUSES)[number];

export const ACTIVITY_NAME_MAX = 300;
export const ACTIVITY_CRITERIA_MAX = 2000;
/** Activities of one template (and so of one PPI). */
export const TEMPLATE_ACTIVITIES_MAX = 200;
/** Ids in one link-elements or unlink-elements request, like a massive state change. */
export const LINK_IDS_MAX = 50_000;
/** A PNG or JPEG logo of at most this size. */
export const PPI_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const PPI_LOGO_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
/** Sheets of a template import: one activity a row, at most this size. */
export const TEMPLATE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const TEMPLATE_IMPORT_ACCEPT = '.xlsx,.csv';

const id = z.number().int();
const positiveId = z.number().int().positive();
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const queryId = z.string().trim().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().int().positive());

export const RoleCodeSchema = z.enum(ROLE_CODES);

/** An element type as PPIs name it. */
export const PpiElementType = z.object({ id, code: z.string(), name: z.string() });
export type PpiElementType = z.infer<typeof PpiElementType>;

// ---------------------------------------------------------------------------------------------
// Activities and templates
// ---------------------------------------------------------------------------------------------

/** One activity as a form or an import writes it; its order is its place in the list. */
export const ActivityInput = z.strictObject({
  name: z.string().trim().min(1).max(ACTIVITY_NAME_MAX),
  criteria: z.string().trim().max(ACTIVITY_CRITERIA_MAX).default(''),
  is_required: z.boolean().default(true),
  /** The roles that check it: at least one, each once. */
  roles: z
    .array(RoleCodeSchema)
    .min(1)
    .max(ROLE_CODES.length)
    .refine((roles) => new Set(roles).size === roles.length, 'validation.duplicateItems'),
});
export type ActivityInput = z.input<typeof ActivityInput>;

/** An activity of a template or of a PPI. */
export const Activity = z.object({
  id,
  /** 1, 2, 3… in the order the activities are checked. */
  position: id,
  name: z.string(),
  criteria: z.string(),
  is_required: z.boolean(),
  roles: z.array(z.string()),
});
export type Activity = z.infer<typeof Activity>;

/** `POST templates/` and `PUT templates/{id}/`: the activities replace the template's, in order. */
export const TemplateInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  element_type: positiveId,
  /** A plant's own template; null for every plant of the organisation. */
  plant: positiveId.nullable().default(null),
  activities: z.array(ActivityInput).min(1).max(TEMPLATE_ACTIVITIES_MAX),
});
export type TemplateInput = z.input<typeof TemplateInput>;

/** Templates are plain arrays (DESIGN section 12), each with its activities. */
export const Template = z.object({
  id,
  name: z.string(),
  plant: id.nullable(),
  element_type: PpiElementType,
  activities: z.array(Activity),
  /** PPIs made from it: they keep their own copy of the activities. */
  ppi_count: id,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof Template>;

/** `GET templates/?plant=ID`: the organisation's templates, or those usable on one plant. */
export const TemplateListQuery = z.object({ plant: queryId.optional() });

// ---------------------------------------------------------------------------------------------
// Template import from a sheet
// ---------------------------------------------------------------------------------------------

export const TEMPLATE_IMPORT_FIELDS = ['name', 'criteria', 'required', 'roles'] as const;
export type TemplateImportField = (typeof TEMPLATE_IMPORT_FIELDS)[number];

/** `POST templates/import/?dry_run=true` previews; without it the template is made (or a 400 names each row). */
export const TemplateImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const TemplateImportError = z.object({
  /** The sheet's row number, as a spreadsheet shows it (the header is row 1). */
  row: id,
  field: z.string(),
  message: z.string(),
});
export type TemplateImportError = z.infer<typeof TemplateImportError>;

export const TemplateImportResult = z.object({
  dry_run: z.boolean(),
  /** Activity rows read (blank rows left out). */
  total: id,
  /** The activities that would be (or were) created, with their sheet row. */
  activities: z.array(
    z.object({ row: id, name: z.string(), criteria: z.string(), is_required: z.boolean(), roles: z.array(z.string()) }),
  ),
  errors: z.array(TemplateImportError),
  error_count: id,
  /** The template made, when not a preview. */
  template: Template.nullable(),
});
export type TemplateImportResult = z.infer<typeof TemplateImportResult>;

/** Header names each column is recognised by (compared without case and accents). */
const HEADER_NAMES: Record<TemplateImportField, string[]> = {
  name: ['name', 'activity', 'nombre', 'actividad', 'nome', 'attivita'],
  criteria: ['criteria', 'acceptance criteria', 'criterio', 'criterios', 'criterio de aceptacion', 'criterios de aceptacion', 'criteri', 'criterio di accettazione'],
  required: ['required', 'obligatoria', 'obligatorio', 'requerida', 'requerido', 'obbligatoria', 'obbligatorio'],
  roles: ['roles', 'role', 'rol', 'ruoli', 'ruolo'],
};
const YES = ['si', 's', 'yes', 'y', 'true', '1', 'x', 'verdadero', 'vero'];
const NO = ['no', 'n', 'false', '0', 'falso'];

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

export interface SheetRowError {
  row: number;
  field: TemplateImportField | 'file';
  key: ApiMessageKey;
  params?: Record<string, string | number>;
}

export interface SheetActivity {
  row: number;
  name: string;
  criteria: string;
  is_required: boolean;
  roles: RoleCode[];
}

export interface ActivitySheet {
  activities: SheetActivity[];
  errors: SheetRowError[];
  /** Activity rows read. */
  total: number;
}

/**
 * Reads a template sheet: one activity a row with name, criteria, required and roles. A first row
 * that names at least two of the columns (in es, en or it) is the header and gives their order;
 * without one the columns are in that order. Required: sí/yes/x/1 or no/0; blank means required.
 * Roles: codes separated by commas, semicolons, slashes or spaces. Blank rows are skipped.
 */
export function readActivitySheet(rows: readonly (readonly string[])[]): ActivitySheet {
  const errors: SheetRowError[] = [];
  const activities: SheetActivity[] = [];
  let columns: Record<TemplateImportField, number> = { name: 0, criteria: 1, required: 2, roles: 3 };
  let start = 0;
  const first = rows.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  if (first === -1) return { activities, errors: [{ row: 1, field: 'file', key: 'ppis.import.empty' }], total: 0 };
  const header = rows[first].map(fold);
  const found = TEMPLATE_IMPORT_FIELDS.filter((field) => header.some((cell) => HEADER_NAMES[field].includes(cell)));
  if (found.length >= 2) {
    const missing = (['name', 'roles'] as const).filter((field) => !found.includes(field));
    if (missing.length) {
      return { activities, errors: [{ row: first + 1, field: 'file', key: 'ppis.import.missingColumns', params: { columns: missing.join(', ') } }], total: 0 };
    }
    columns = Object.fromEntries(
      TEMPLATE_IMPORT_FIELDS.map((field) => [field, header.findIndex((cell) => HEADER_NAMES[field].includes(cell))]),
    ) as Record<TemplateImportField, number>;
    start = first + 1;
  }
  const cell = (cells: readonly string[], field: TemplateImportField) => (columns[field] >= 0 ? (cells[columns[field]] ?? '').trim() : '');

  let total = 0;
  for (let i = start; i < rows.length; i++) {
    const cells = rows[i];
    if (!cells.some((c) => c.trim() !== '')) continue;
    total++;
    const row = i + 1;
    const before = errors.length;
    const name = cell(cells, 'name');
    if (!name) errors.push({ row, field: 'name', key: 'ppis.import.nameRequired' });
    else if (name.length > ACTIVITY_NAME_MAX) errors.push({ row, field: 'name', key: 'ppis.import.tooLong', params: { max: ACTIVITY_NAME_MAX } });
    const criteria = cell(cells, 'criteria');
    if (criteria.length > ACTIVITY_CRITERIA_MAX) errors.push({ row, field: 'criteria', key: 'ppis.import.tooLong', params: { max: ACTIVITY_CRITERIA_MAX } });
    const requiredText = fold(cell(cells, 'required'));
    const isRequired = requiredText === '' || YES.includes(requiredText);
    if (requiredText !== '' && !YES.includes(requiredText) && !NO.includes(requiredText)) {
      errors.push({ row, field: 'required', key: 'ppis.import.invalidRequired', params: { value: cell(cells, 'required').slice(0, 50) } });
    }
    const codes = cell(cells, 'roles')
      .split(/[\s,;/]+/)
      .filter(Boolean)
      .map((code) => code.toUpperCase());
    const unknown = codes.filter((code) => !(ROLE_CODES as readonly string[]).includes(code));
    if (codes.length === 0) errors.push({ row, field: 'roles', key: 'ppis.import.rolesRequired' });
    else if (unknown.length) errors.push({ row, field: 'roles', key: 'ppis.import.unknownRoles', params: { roles: unknown.join(', ').slice(0, 100), known: ROLE_CODES.join(', ') } });
    if (errors.length === before) {
      activities.push({ row, name, criteria, is_required: isRequired, roles: [...new Set(codes)] as RoleCode[] });
    }
  }
  if (total === 0) errors.push({ row: first + 1, field: 'file', key: 'ppis.import.empty' });
  if (total > TEMPLATE_ACTIVITIES_MAX) errors.push({ row: first + 1, field: 'file', key: 'ppis.import.tooManyRows', params: { max: TEMPLATE_ACTIVITIES_MAX } });
  return { activities, errors, total };
}

// ---------------------------------------------------------------------------------------------
// PPIs
// ---------------------------------------------------------------------------------------------

export const PpiUserInput = z.strictObject({ user: positiveId, role: RoleCodeSchema });
export type PpiUserInput = z.infer<typeof PpiUserInput>;

const PpiUsers = z
  .array(PpiUserInput)
  .max(500)
  .refine((users) => new Set(users.map((u) => u.user)).size === users.length, 'validation.duplicateItems')
  .default([]);

/** `PUT plants/{id}/ppis/{ppiId}/`: the template of a plan never changes once it is made. */
export const PpiUpdate = z.strictObject({
  code: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(200),
  /** The users linked to the plan, replacing the others. */
  users: PpiUsers,
});
export type PpiUpdate = z.input<typeof PpiUpdate>;

/** `POST plants/{id}/ppis/`: the template's activities are copied into the new plan. */
export const PpiInput = PpiUpdate.extend({ template: positiveId });
export type PpiInput = z.input<typeof PpiInput>;

export const PpiUser = z.object({ user: id, name: z.string(), email: z.string(), role: z.string() });
export type PpiUser = z.infer<typeof PpiUser>;

export const Ppi = z.object({
  id,
  plant: PlantSummary,
  code: z.string(),
  name: z.string(),
  /** null once its template is deleted (the plan keeps its activities). */
  template: z.object({ id, name: z.string() }).nullable(),
  element_type: PpiElementType,
  status: z.enum(PPI_STATUSES),
  closed_by: z.object({ id, name: z.string() }).nullable(),
  closed_at: z.string().nullable(),
  /** API path of the logo image (`ppis/{id}/logo/`), null without one. */
  logo: z.string().nullable(),
  activity_count: id,
  required_activity_count: id,
  /** Elements linked to the plan. */
  element_count: id,
  /** Bumped by every link and unlink: the version of its map tiles. */
  links_version: id,
  users: z.array(PpiUser),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ppi = z.infer<typeof Ppi>;

/** `GET ppis/{id}` and `GET plants/{id}/ppis/{ppiId}/`: the plan with its activities. */
export const PpiDetail = Ppi.extend({ activities: z.array(Activity) });
export type PpiDetail = z.infer<typeof PpiDetail>;

/** Filters of the PPI lists (`ppis-admin-list`, `plants/{id}/ppis/`, `user-linked-ppis`). */
export const PpiListQuery = z.object({
  plant: queryId.optional(),
  status: z.enum(PPI_STATUSES).optional(),
  template: queryId.optional(),
});
export type PpiListQuery = z.infer<typeof PpiListQuery>;

/** `GET user/client-inspections/` and `GET user-linked-ppis`: the plans the caller is linked to. */
export const LinkedPpi = z.object({
  id,
  code: z.string(),
  name: z.string(),
  status: z.enum(PPI_STATUSES),
  plant: PlantSummary,
  element_type: PpiElementType,
  /** The role the caller holds in the plan. */
  role: z.string(),
});
export type LinkedPpi = z.infer<typeof LinkedPpi>;

/** `GET client-ppi-plants`: the plants the caller sees, with how many PPIs the caller sees on each. */
export const PpiPlant = PlantSummary.extend({ ppi_count: id });
export type PpiPlant = z.infer<typeof PpiPlant>;

/** `GET client-ppi-users?plant=ID`: who can be linked to a plan (users authorised on the plant, and administrators). */
export const PpiCandidateUser = z.object({ id, name: z.string(), email: z.string(), roles: z.array(z.string()) });
export type PpiCandidateUser = z.infer<typeof PpiCandidateUser>;
export const PpiUsersQuery = z.object({ plant: queryId.optional() });

/** `GET ppis/{id}/user-ppi-permissions`: what the caller may do on this plan. */
export const UserPpiPermissions = z.object({
  ppi: id,
  can_view: z.boolean(),
  /** Edit, delete, link elements, templates: administrators. */
  can_manage: z.boolean(),
  /** The role the caller holds in the plan, null when not linked (an administrator). */
  role: z.string().nullable(),
  /** The activities whose results the caller may record (every one for administrators). */
  recordable_activities: z.array(id),
});
export type UserPpiPermissions = z.infer<typeof UserPpiPermissions>;

/** `GET ppis/{id}/activities/{aid}`: an activity with its plan. */
export const ActivityDetail = Activity.extend({
  ppi: z.object({ id, code: z.string(), name: z.string(), plant: PlantSummary, element_type: PpiElementType, status: z.enum(PPI_STATUSES) }),
});
export type ActivityDetail = z.infer<typeof ActivityDetail>;

/** `POST ppis/{id}/update-ppi-required-activity`: marks one activity of the plan required or not. */
export const RequiredActivityUpdate = z.strictObject({ activity: positiveId, is_required: z.boolean() });
export type RequiredActivityUpdate = z.infer<typeof RequiredActivityUpdate>;

// ---------------------------------------------------------------------------------------------
// Linked elements
// ---------------------------------------------------------------------------------------------

/** The element list's filters plus whether an element is linked to the plan. */
export const PpiElementFilters = ElementFilters.omit({ ordering: true }).extend({ linked: flag.optional() });
export type PpiElementFilters = z.infer<typeof PpiElementFilters>;

/** `GET ppis/{id}/template-elements/`: the plant's elements of the plan's type, paged, with the list's filters. */
export const TemplateElementsQuery = PageQuery.extend({ ordering: ElementFilters.shape.ordering }).extend(PpiElementFilters.shape);
export type TemplateElementsQuery = z.infer<typeof TemplateElementsQuery>;

export const PpiElement = Element.extend({ is_linked: z.boolean() });
export type PpiElement = z.infer<typeof PpiElement>;

/**
 * `POST ppis/{id}/link-elements` and `unlink-elements`: exactly one of the ids, the list's filters
 * (in query-string form, as the list takes them: `{ "code": "B01", "state": "3,4" }`) or a polygon
 * (`x y,x y,…`, every vertex of an element inside, specification section 5). Idempotent.
 */
export const LinkElementsRequest = z
  .strictObject({
    element_ids: z.array(positiveId).min(1).max(LINK_IDS_MAX).optional(),
    filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    polygon: z.string().min(1).max(400_000).optional(),
  })
  .refine((body) => [body.element_ids, body.filters, body.polygon].filter((v) => v !== undefined).length === 1, {
    message: 'ppis.link.oneSelection',
    path: ['non_field_errors'],
  });
export type LinkElementsRequest = z.infer<typeof LinkElementsRequest>;

export const LinkElementsResult = z.object({
  /** Elements the request linked (or unlinked) now; those already so are not counted. */
  changed: id,
  /** Elements the request selected, of the plan's type and plant. */
  selected: id,
  /** Elements linked to the plan afterwards. */
  element_count: id,
  links_version: id,
});
export type LinkElementsResult = z.infer<typeof LinkElementsResult>;
