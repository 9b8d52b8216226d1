import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addMinutesToWall, instantFromWall, normalizeWall, wallFromInstant } from '../../../lib/wall-time';
import {
  appointmentSchema,
  contactSchema,
  type KollaAppointment,
  type KollaContact,
  type KollaResource,
} from './schemas';

/**
 * A local stand-in for Kolla Unify Dental that behaves as /work/shared/reference/kolla.md describes, quirks
 * included: `contact.name` is "", embedded resource types are lowercase while `/resources` says `PROVIDER`,
 * unknown query parameters are ignored, lists page with a small default size, overlapping appointments are
 * accepted (nothing documents a refusal), a create with a `request_id` seen before returns what the first one
 * made (kolla.md §2).
 */

export interface ScheduleBlock {
  start_time: string;
  end_time: string;
}

export interface FakeSchedule {
  /** Index 0 = Sunday. */
  weekly?: Partial<Record<number, ScheduleBlock[]>>;
  /** Per-date overrides (`YYYY-MM-DD`). */
  dates?: Record<string, ScheduleBlock[]>;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** The next request matching `method` and `path` (any when absent) answers `status` instead. */
export interface FakeFailure {
  method?: string;
  path?: string;
  status: number;
  /** Sent as the Retry-After header. */
  retryAfter?: string;
  message?: string;
}

/** The next request matching is carried out, and answered only after `ms` (a caller's timeout runs out first). */
export interface FakeDelay {
  method: string;
  path: string;
  ms: number;
}

export interface FakeKollaState {
  apiKey: string;
  connectorId: string;
  consumerId: string;
  /** The practice zone, used to derive `start_time` from wall times and back. */
  timeZone: string;
  /** Used when a list call sends no `page_size`. */
  defaultPageSize: number;
  resources: KollaResource[];
  contacts: KollaContact[];
  appointments: KollaAppointment[];
  /** Keyed by resource id (`provider_1`, `practice_0`). */
  schedules: Record<string, FakeSchedule>;
  requests: FakeRequest[];
  nextId: number;
  /** Consumed one by one, first match first. */
  failures: FakeFailure[];
  delays: FakeDelay[];
  /** `collection:request_id` → the name of what the first create with it made. */
  createdByRequestId: Record<string, string>;
  /** A test switch: `:confirm` answers 200 but leaves `confirmed` as it was (a type the PMS reads as unconfirmed). */
  refuseConfirm: boolean;
}

export interface FakeKolla {
  /** Base URL including `/dental/v1`. */
  url: string;
  state: FakeKollaState;
  close(): Promise<void>;
}

const WEEKDAY_HOURS: ScheduleBlock[] = [
  { start_time: '08:00', end_time: '12:00' },
  { start_time: '13:00', end_time: '17:00' },
];
const weekdays = (blocks: ScheduleBlock[]) => ({ 1: blocks, 2: blocks, 3: blocks, 4: blocks, 5: blocks });

const resource = (
  kind: 'practice' | 'provider' | 'operatory',
  id: string,
  displayName: string,
  additional: Record<string, string> = {},
): KollaResource => ({
  name: `resources/${kind}_${id}`,
  remote_id: id,
  type: kind.toUpperCase(),
  display_name: displayName,
  additional_data: additional,
  update_time: null,
});

export function createFakeKollaState(overrides: Partial<FakeKollaState> = {}): FakeKollaState {
  return {
    apiKey: 'kc.fakefakefakefakefakefakefa',
    connectorId: 'opendental-50181',
    consumerId: 'kolla-opendental-sandbox',
    timeZone: 'America/Denver',
    defaultPageSize: 2,
    resources: [
      resource('practice', '0', 'Sunrise Dental'),
      resource('provider', '1', 'Dr.  Sarah   Smith ', { provider: 'true', hygienist: 'false' }),
      resource('provider', '2', 'Jane Doe, RDH', { provider: 'true', hygienist: 'true' }),
      resource('operatory', '5', 'Hygiene Op 1'),
      resource('operatory', '6', 'Op 2'),
    ],
    contacts: [],
    appointments: [],
    schedules: {
      practice_0: {
        weekly: Object.fromEntries(
          [0, 1, 2, 3, 4, 5, 6].map((d) => [d, [{ start_time: '00:00', end_time: '23:59' }]]),
        ),
      },
      provider_1: { weekly: weekdays(WEEKDAY_HOURS) },
      provider_2: { weekly: weekdays(WEEKDAY_HOURS) },
    },
    requests: [],
    nextId: 100,
    failures: [],
    delays: [],
    createdByRequestId: {},
    refuseConfirm: false,
    ...overrides,
  };
}

export function fakeContact(
  state: FakeKollaState,
  fields: {
    given_name: string;
    family_name: string;
    preferred_name?: string;
    phone?: string;
    email?: string;
    id?: string;
  },
): KollaContact {
  const id = fields.id ?? String(state.nextId++);
  const contact = contactSchema.parse({
    name: `contacts/${id}`,
    remote_id: id,
    type: 'PATIENT',
    state: 'ACTIVE',
    given_name: fields.given_name,
    family_name: fields.family_name,
    preferred_name: fields.preferred_name ?? '',
    phone_numbers: fields.phone ? [{ number: fields.phone, type: 'MOBILE' }] : [],
    email_addresses: fields.email ? [{ address: fields.email, type: 'HOME' }] : [],
  });
  state.contacts.push(contact);
  return contact;
}

export function fakeAppointment(
  state: FakeKollaState,
  fields: {
    contact: KollaContact;
    providerId: string;
    operatoryId: string;
    /** Practice-local `YYYY-MM-DD HH:MM:SS`. */
    wallStart: string;
    minutes: number;
    id?: string;
    /** Defaults to the state's zone; the real sandbox sends "". */
    timeZone?: string;
  } & Partial<
    Pick<
      KollaAppointment,
      'cancelled' | 'broken' | 'confirmed' | 'completed' | 'notes' | 'short_description' | 'additional_data'
    >
  >,
): KollaAppointment {
  const {
    contact,
    providerId,
    operatoryId,
    wallStart,
    minutes,
    id = String(state.nextId++),
    timeZone,
    ...flags
  } = fields;
  const wallEnd = addMinutesToWall(wallStart, minutes);
  const appointment = buildAppointment(state, id, {
    contact,
    provider:
      state.resources.find((r) => r.name === `resources/${providerId}`) ??
      resource('provider', providerId, ''),
    operatory:
      state.resources.find((r) => r.name === `resources/${operatoryId}`) ??
      resource('operatory', operatoryId, ''),
    wallStart: normalizeWall(wallStart) ?? wallStart,
    wallEnd,
    timeZone: timeZone ?? state.timeZone,
  });
  Object.assign(appointment, flags);
  state.appointments.push(appointment);
  return appointment;
}

const vendorWall = (wall: string) => wall.replace('T', ' ');
const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

function buildAppointment(
  state: FakeKollaState,
  id: string,
  f: {
    contact: KollaContact;
    provider: KollaResource;
    operatory: KollaResource;
    wallStart: string;
    wallEnd: string;
    timeZone: string;
    description?: string;
    notes?: string;
  },
): KollaAppointment {
  const operatoryNumber = f.operatory.name.replace(/^resources\/operatory_/, '');
  return {
    name: `appointments/${id}`,
    remote_id: id,
    contact_id: f.contact.name,
    contact: {
      name: '',
      remote_id: f.contact.remote_id,
      given_name: f.contact.given_name,
      family_name: f.contact.family_name,
    },
    start_time: rfc3339(instantFromWall(f.wallStart, state.timeZone)),
    end_time: rfc3339(instantFromWall(f.wallEnd, state.timeZone)),
    wall_start_time: vendorWall(f.wallStart),
    wall_end_time: vendorWall(f.wallEnd),
    time_zone: f.timeZone,
    // Observed: embedded providers carry the prefixed id and no display name, operatories the bare number.
    providers: [
      {
        name: f.provider.name,
        remote_id: f.provider.name.replace(/^resources\//, ''),
        type: 'provider',
        display_name: '',
      },
    ],
    resources: [
      {
        name: f.operatory.name,
        remote_id: operatoryNumber,
        type: 'operatory',
        display_name: f.operatory.display_name,
      },
    ],
    operatory: f.operatory.name,
    scheduler: null,
    appointment_type_id: '',
    short_description: f.description ?? '',
    notes: f.notes ?? '',
    location: '',
    confirmed: false,
    cancelled: false,
    completed: false,
    broken: false,
    additional_data: {},
    create_time: null,
    update_time: rfc3339(new Date()),
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly grpcCode: number,
    message: string,
  ) {
    super(message);
  }
}

const badRequest = (message: string) => new HttpError(400, 3, message);

/**
 * kolla.md §2: a create is idempotent when it carries `request_id` (≤ 36 ASCII characters): a repeat answers
 * the resource the first one made, as it is now, and makes nothing.
 */
function idempotentCreate<T extends { name: string }>(
  state: FakeKollaState,
  collection: string,
  query: URLSearchParams,
  existing: T[],
  create: () => T,
): T {
  const requestId = query.get('request_id');
  if (requestId === null) return create();
  if (requestId.length > 36 || !/^[\x20-\x7e]+$/.test(requestId))
    throw badRequest('request_id must be at most 36 ASCII characters');
  const key = `${collection}:${requestId}`;
  const made = state.createdByRequestId[key];
  const first = made === undefined ? undefined : existing.find((r) => r.name === made);
  if (first) return first;
  const created = create();
  state.createdByRequestId[key] = created.name;
  return created;
}
const notFound = (message: string) => new HttpError(404, 5, message);

// --- filters -------------------------------------------------------------------------------------------------

interface Clause {
  field: string;
  op: string;
  value: string;
}

function parseFilter(filter: string | undefined): Clause[] {
  if (!filter?.trim()) return [];
  return filter.split(' AND ').map((part) => {
    const m = /^\s*([a-z_.]+)\s*(>=|<=|!=|=|>|<)\s*'([^']*)'\s*$/i.exec(part);
    if (!m) throw badRequest(`invalid filter: ${filter}`);
    return { field: m[1] ?? '', op: m[2] ?? '', value: m[3] ?? '' };
  });
}

function compare(actual: string, op: string, expected: string): boolean {
  const ta = Date.parse(actual);
  const te = Date.parse(expected);
  const timestamps = /^\d{4}-\d{2}-\d{2}T/.test(actual) && !Number.isNaN(ta) && !Number.isNaN(te);
  const diff = timestamps ? ta - te : actual < expected ? -1 : actual > expected ? 1 : 0;
  switch (op) {
    case '=':
      return diff === 0;
    case '!=':
      return diff !== 0;
    case '>':
      return diff > 0;
    case '<':
      return diff < 0;
    case '>=':
      return diff >= 0;
    default:
      return diff <= 0;
  }
}

/** Fields the object lacks are ignored, as a connector that does not support a filter would. */
function matchesGeneric(obj: object, clause: Clause): boolean {
  const value: unknown = (obj as Record<string, unknown>)[clause.field];
  if (typeof value === 'string' || typeof value === 'boolean')
    return compare(String(value), clause.op, clause.value);
  return true;
}

const digits = (s: string) => s.replace(/\D/g, '');

function matchesContact(c: KollaContact, clause: Clause): boolean {
  if (clause.field === 'phone') {
    const wanted = digits(clause.value);
    return [c.primary_phone_number, ...c.phone_numbers.map((p) => p.number)].some(
      (n) => wanted !== '' && digits(n).includes(wanted),
    );
  }
  if (clause.field === 'name') {
    const wanted = clause.value.toLowerCase();
    return [c.given_name, c.family_name, c.preferred_name].some((n) => n.toLowerCase().includes(wanted));
  }
  return matchesGeneric(c, clause);
}

// --- paging --------------------------------------------------------------------------------------------------

function paginate<T>(items: T[], query: URLSearchParams, state: FakeKollaState) {
  const size = Number(query.get('page_size') ?? state.defaultPageSize);
  const pageSize = Number.isInteger(size) && size > 0 ? Math.min(size, 1000) : state.defaultPageSize;
  const token = query.get('page_token');
  const offset = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw badRequest('invalid page_token');
  const next = offset + pageSize;
  return {
    items: items.slice(offset, next),
    next_page_token: next < items.length ? Buffer.from(String(next)).toString('base64url') : '',
  };
}

// --- handlers ------------------------------------------------------------------------------------------------

function loadSchedule(state: FakeKollaState, id: string, query: URLSearchParams) {
  const resource = state.resources.find((r) => r.name === `resources/${id}`);
  if (!resource) throw notFound(`resource ${id} not found`);
  const clauses = parseFilter(query.get('filter') ?? undefined);
  const today = wallFromInstant(new Date(), state.timeZone).slice(0, 10);
  // Any comparison on start_date / end_date is accepted; the range is inclusive.
  const from = clauses.find((c) => c.field === 'start_date')?.value ?? today;
  const to =
    clauses.find((c) => c.field === 'end_date')?.value ??
    addMinutesToWall(`${from}T00:00:00`, 7 * 24 * 60).slice(0, 10);
  const schedule = state.schedules[id] ?? {};
  const days = [];
  for (
    let date = from;
    date <= to && days.length < 366;
    date = addMinutesToWall(`${date}T00:00:00`, 24 * 60).slice(0, 10)
  ) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    days.push({
      resource: resource.name,
      date,
      blocks: schedule.dates?.[date] ?? schedule.weekly?.[weekday] ?? [],
      notes: [],
    });
  }
  return { schedule: days };
}

function createAppointment(state: FakeKollaState, body: unknown) {
  const input = appointmentSchema.parse(body);
  if (!input.contact_id) throw badRequest('contact_id is required');
  if (!input.operatory) throw badRequest('operatory is required');
  const contact = state.contacts.find((c) => c.name === input.contact_id);
  if (!contact) throw badRequest(`contact ${input.contact_id} does not exist`);
  const operatory = state.resources.find((r) => r.name === input.operatory);
  if (!operatory) throw badRequest(`operatory ${input.operatory} does not exist`);
  const providerName = input.providers[0]?.name;
  const provider = state.resources.find((r) => r.name === providerName) ?? resource('provider', '0', '');

  let wallStart = normalizeWall(input.wall_start_time);
  let wallEnd = normalizeWall(input.wall_end_time);
  if ((!wallStart || !wallEnd) && input.start_time && input.end_time) {
    const zone = input.time_zone || state.timeZone;
    wallStart = wallFromInstant(new Date(input.start_time), zone);
    wallEnd = wallFromInstant(new Date(input.end_time), zone);
  }
  if (!wallStart || !wallEnd)
    throw badRequest('wall_start_time and wall_end_time (or start_time and end_time) are required');
  if (wallEnd <= wallStart) throw badRequest('end must be after start');

  const appointment = buildAppointment(state, String(state.nextId++), {
    contact,
    provider,
    operatory,
    wallStart,
    wallEnd,
    timeZone: state.timeZone,
    description: input.short_description,
    notes: input.notes,
  });
  state.appointments.push(appointment);
  return appointment;
}

/** Fields a PATCH may name in `update_mask` (the docs' reschedule fields and the ones around them). */
const PATCHABLE = new Set([
  'wall_start_time',
  'wall_end_time',
  'start_time',
  'end_time',
  'providers',
  'operatory',
  'resources',
  'notes',
  'short_description',
]);

/** `PATCH /appointments/{id}?update_mask=…`: only the masked fields change; no mask is refused. */
function patchAppointment(state: FakeKollaState, id: string, query: URLSearchParams, body: unknown) {
  const appointment = state.appointments.find((a) => a.name === `appointments/${id}`);
  if (!appointment) throw notFound(`appointment ${id} not found`);
  const mask = (query.get('update_mask') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (mask.length === 0) throw badRequest('update_mask is required');
  const unknown = mask.find((f) => !PATCHABLE.has(f));
  if (unknown) throw badRequest(`update_mask names a field that cannot be updated: ${unknown}`);
  const input = appointmentSchema.parse(body ?? {});
  const has = (f: string) => mask.includes(f);
  let wallStart = has('wall_start_time')
    ? normalizeWall(input.wall_start_time)
    : normalizeWall(appointment.wall_start_time);
  let wallEnd = has('wall_end_time')
    ? normalizeWall(input.wall_end_time)
    : normalizeWall(appointment.wall_end_time);
  if (has('start_time') && input.start_time)
    wallStart = wallFromInstant(new Date(input.start_time), state.timeZone);
  if (has('end_time') && input.end_time) wallEnd = wallFromInstant(new Date(input.end_time), state.timeZone);
  if (!wallStart || !wallEnd) throw badRequest('wall_start_time and wall_end_time must be wall times');
  if (wallEnd <= wallStart) throw badRequest('end must be after start');
  const contact = state.contacts.find((c) => c.name === appointment.contact_id);
  const provider = has('providers')
    ? state.resources.find((r) => r.name === input.providers?.[0]?.name)
    : state.resources.find((r) => r.name === appointment.providers[0]?.name);
  const operatory = state.resources.find(
    (r) => r.name === (has('operatory') ? input.operatory : appointment.operatory),
  );
  if (!contact || !provider || !operatory) throw badRequest('providers and operatory must exist');
  const updated = buildAppointment(state, id, {
    contact,
    provider,
    operatory,
    wallStart,
    wallEnd,
    timeZone: appointment.time_zone,
    description: has('short_description') ? input.short_description : appointment.short_description,
    notes: has('notes') ? input.notes : appointment.notes,
  });
  Object.assign(appointment, {
    ...updated,
    confirmed: appointment.confirmed,
    cancelled: appointment.cancelled,
    completed: appointment.completed,
    broken: appointment.broken,
  });
  return appointment;
}

function createContact(state: FakeKollaState, body: unknown) {
  const input = contactSchema.parse(body);
  if (!input.given_name || !input.family_name) throw badRequest('given_name and family_name are required');
  const id = String(state.nextId++);
  const contact: KollaContact = {
    ...input,
    name: `contacts/${id}`,
    remote_id: id,
    type: input.type || 'PATIENT',
    state: input.state || 'ACTIVE',
    // "Best effort": the PMS keeps one number per type and has no slot for "other".
    phone_numbers: input.phone_numbers.filter((p) => p.type.toUpperCase() !== 'OTHER'),
  };
  state.contacts.push(contact);
  return contact;
}

function route(
  state: FakeKollaState,
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
): unknown {
  const filter = parseFilter(query.get('filter') ?? undefined);
  let m: RegExpExecArray | null;

  if (method === 'GET' && path === '/resources') {
    const { items, next_page_token } = paginate(
      state.resources.filter((r) => filter.every((c) => matchesGeneric(r, c))),
      query,
      state,
    );
    return { resources: items, next_page_token };
  }
  if (method === 'GET' && (m = /^\/resources\/([^/:]+):loadSchedule$/.exec(path))) {
    return loadSchedule(state, m[1] ?? '', query);
  }
  if (method === 'GET' && path === '/appointments') {
    const matching = state.appointments.filter((a) => filter.every((c) => matchesGeneric(a, c)));
    const { items, next_page_token } = paginate(matching, query, state);
    return { appointments: items, next_page_token };
  }
  if (method === 'POST' && path === '/appointments')
    return idempotentCreate(state, 'appointments', query, state.appointments, () =>
      createAppointment(state, body),
    );
  if (method === 'PATCH' && (m = /^\/appointments\/([^/:]+)$/.exec(path)))
    return patchAppointment(state, m[1] ?? '', query, body);
  if ((m = /^\/appointments\/([^/:]+)(:cancel|:confirm)?$/.exec(path))) {
    const appointment = state.appointments.find((a) => a.name === `appointments/${m?.[1]}`);
    if (!appointment) throw notFound(`appointment ${m[1]} not found`);
    if (method === 'GET' && !m[2]) return appointment;
    if (method === 'POST' && m[2] === ':confirm') {
      if (state.refuseConfirm) return appointment;
      const input = body as { confirmed?: boolean; confirmation_type?: string } | undefined;
      appointment.confirmed = input?.confirmed === true;
      if (input?.confirmation_type)
        appointment.additional_data = {
          ...appointment.additional_data,
          confirmation_type: input.confirmation_type,
        };
      appointment.update_time = rfc3339(new Date());
      return appointment;
    }
    if (method === 'POST' && m[2]) {
      appointment.cancelled = true;
      appointment.update_time = rfc3339(new Date());
      return appointment;
    }
  }
  if (method === 'GET' && path === '/contacts') {
    const { items, next_page_token } = paginate(
      state.contacts.filter((c) => filter.every((cl) => matchesContact(c, cl))),
      query,
      state,
    );
    return { contacts: items, next_page_token };
  }
  if (method === 'POST' && path === '/contacts')
    return idempotentCreate(state, 'contacts', query, state.contacts, () => createContact(state, body));
  if (method === 'GET' && (m = /^\/contacts\/([^/:]+)$/.exec(path))) {
    const contact = state.contacts.find((c) => c.name === `contacts/${m?.[1]}`);
    if (!contact) throw notFound(`contact ${m[1]} not found`);
    return contact;
  }
  throw notFound(`${method} ${path} is not a known route`);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('request body is not valid JSON');
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  // A caller that timed out has gone: there is no one to answer.
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Removes and returns the first entry matching the request. */
function take<T extends { method?: string; path?: string }>(list: T[], method: string, path: string) {
  const i = list.findIndex(
    (f) => (f.method === undefined || f.method === method) && (f.path === undefined || f.path === path),
  );
  return i < 0 ? undefined : list.splice(i, 1)[0];
}

const PREFIX = '/dental/v1';

export async function startFakeKolla(overrides: Partial<FakeKollaState> = {}): Promise<FakeKolla> {
  const state = createFakeKollaState(overrides);
  const knownConnector = (id: string) =>
    id === state.connectorId || id === state.connectorId.replace(/-\d+$/, '');

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = decodeURIComponent(
        url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname,
      );
      try {
        const body = await readBody(req);
        state.requests.push({
          method: req.method ?? 'GET',
          path,
          query: Object.fromEntries(url.searchParams),
          body,
        });
        if (req.headers.authorization !== `Bearer ${state.apiKey}`) {
          throw new HttpError(401, 16, 'Request had invalid authentication credentials.');
        }
        const connector = String(req.headers['connector-id'] ?? '');
        const consumer = String(req.headers['consumer-id'] ?? '');
        if (!knownConnector(connector) || consumer !== state.consumerId) {
          throw notFound('connector target not found');
        }
        const method = req.method ?? 'GET';
        const failure = take(state.failures, method, path);
        if (failure) {
          const grpc = failure.status === 429 ? 8 : failure.status === 501 ? 12 : 14;
          send(
            res,
            failure.status,
            { code: grpc, message: failure.message ?? `fake failure ${failure.status}`, details: [] },
            failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter },
          );
          return;
        }
        const answer = route(state, method, path, url.searchParams, body);
        const delay = take(state.delays, method, path);
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
        send(res, 200, answer);
      } catch (error) {
        if (error instanceof HttpError) {
          send(res, error.status, { code: error.grpcCode, message: error.message, details: [] });
        } else {
          send(res, 400, {
            code: 3,
            message: error instanceof Error ? error.message : 'bad request',
            details: [],
          });
        }
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
