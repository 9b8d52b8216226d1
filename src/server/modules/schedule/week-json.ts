import { collapseSpaces } from '../../lib/text';
import type { WeekRow } from './schedule.repo';

const text = JSON.stringify;

/**
 * The bytes of the week being written. One scratch buffer, kept between requests (the writing is synchronous),
 * takes a row's text at a time; the week leaves as an exact copy. Writing each row as one string is several
 * times faster than writing its twenty pieces as buffers (a native call each), and the scratch spares the
 * collector a buffer grown by doubling on every read.
 */
let scratch = Buffer.allocUnsafeSlow(1 << 20);

function writer() {
  let length = 0;
  return {
    write(piece: string): void {
      const most = length + piece.length * 3;
      if (most > scratch.length) {
        const next = Buffer.allocUnsafeSlow(Math.max(scratch.length * 2, most));
        next.set(scratch.subarray(0, length));
        scratch = next;
      }
      length += scratch.write(piece, length);
    },
    done: (): Buffer => Buffer.from(scratch.subarray(0, length)),
  };
}

/** `make(row)` once per key: a week repeats its few providers, rooms, patients, types and times. */
function perKey<K>(make: (row: WeekRow, key: K) => string) {
  const made = new Map<K, string>();
  return (key: K, row: WeekRow): string => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(row, key)));
    return value;
  };
}

const contactOf = (row: WeekRow) => {
  const [, , , , , , , , , , given, family] = row;
  const name = text(collapseSpaces(`${given} ${family}`));
  return `,"contact":{"given_name":${text(given)},"family_name":${text(family)},"name":${name}},`;
};

const staffOf = (row: WeekRow) => {
  const [, , , , , , , , , , , , providerId, providerName, operatoryId, operatoryName] = row;
  const provider = `"remote_id":${text(providerId)},"display_name":${text(providerName)}`;
  const room = operatoryId !== null && operatoryName !== null;
  return (
    `"resources":[{"type":"PROVIDER",${provider}}` +
    (room
      ? `,{"type":"OPERATORY","remote_id":${text(operatoryId)},"display_name":${text(operatoryName)}}`
      : '') +
    `],"providers":[{${provider}}],"operatory":${room ? text(operatoryName) : 'null'},"appointment_type":`
  );
};

const STATUS = new Map(
  ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'].map((status) => [
    status,
    `,"confirmed":${status === 'confirmed'},"completed":${status === 'completed'},` +
      `"cancelled":${status === 'cancelled' || status === 'no_show'},"no_show":${status === 'no_show'},` +
      '"confirmation_number":',
  ]),
);

/**
 * `{ appointments, time_zone }` as JSON bytes straight from the week's rows (ADR 062): what `toAppointmentItem`
 * over the adapter's appointments gives, key for key (`week-json.routes.test.ts` holds them equal), without
 * two objects per appointment and a serializer walking them. Ids (UUIDs), instants (ISO) and wall times
 * (digits) need no escaping; names, notes and confirmation numbers go through JSON.stringify.
 */
export function weekJson(rows: readonly WeekRow[], timeZone: string): Buffer {
  const iso = perKey((_row, ms: number) => new Date(ms).toISOString());
  const contact = perKey(contactOf);
  const staff = perKey(staffOf);
  const kind = perKey((_row, type: string | null) => (type ? text(type) : 'null'));
  const out = writer();
  out.write('{"appointments":[');
  rows.forEach((row, index) => {
    const [id, startMs, endMs, wallStart, wallEnd, status, notes, confirmation, type, patientId] = row;
    const [, , , , , , , , , , , , providerId, , operatoryId] = row;
    out.write(
      `${index > 0 ? ',' : ''}{"remote_id":"${id}","start_time":"${iso(startMs, row)}",` +
        `"end_time":"${iso(endMs, row)}","wall_start_time":"${wallStart}","wall_end_time":"${wallEnd}"` +
        `${contact(patientId, row)}${staff(`${providerId}|${operatoryId}`, row)}${kind(type, row)}` +
        `,"notes":${text(notes)}${STATUS.get(status)!}${text(confirmation)}}`,
    );
  });
  out.write(`],"time_zone":${text(timeZone)}}`);
  return out.done();
}
