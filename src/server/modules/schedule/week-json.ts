import { collapseSpaces } from '../../lib/text';
import type { WeekRow } from './schedule.repo';

const text = JSON.stringify;

/** A growing byte buffer: the week is written into it piece by piece, never as one big string first. */
class Bytes {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private length = 0;

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  add(piece: Buffer): this {
    this.room(piece.length);
    this.length += piece.copy(this.buffer, this.length);
    return this;
  }

  /** Text that needs no escaping inside JSON quotes, or JSON text already escaped. */
  text(value: string): this {
    this.room(value.length * 3);
    this.length += this.buffer.write(value, this.length);
    return this;
  }

  done(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** `make(row)` once per key, as bytes: a week repeats its few providers, rooms, patients, types and times. */
function perKey<K>(make: (row: WeekRow, key: K) => string) {
  const made = new Map<K, Buffer>();
  return (key: K, row: WeekRow): Buffer => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = Buffer.from(make(row, key))));
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
    Buffer.from(
      `,"confirmed":${status === 'confirmed'},"completed":${status === 'completed'},` +
        `"cancelled":${status === 'cancelled' || status === 'no_show'},"no_show":${status === 'no_show'},` +
        '"confirmation_number":',
    ),
  ]),
);
const OPEN = Buffer.from('{"remote_id":"');
const START = Buffer.from('","start_time":"');
const END = Buffer.from('","end_time":"');
const WALL_START = Buffer.from('","wall_start_time":"');
const WALL_END = Buffer.from('","wall_end_time":"');
const NOTES = Buffer.from(',"notes":');
const CLOSE = Buffer.from('}');
const COMMA = Buffer.from(',');
const QUOTE = Buffer.from('"');

/**
 * `{ appointments, time_zone }` as JSON bytes straight from the week's rows (ADR 062): what `toAppointmentItem`
 * over the adapter's appointments gives, key for key (`week-json.routes.test.ts` holds them equal), without
 * two objects per appointment, a serializer walking them and a 3 MB string. Ids (UUIDs), instants (ISO) and
 * wall times (digits) need no escaping; names, notes and confirmation numbers go through JSON.stringify.
 */
export function weekJson(rows: readonly WeekRow[], timeZone: string): Buffer {
  const iso = perKey((_row, ms: number) => new Date(ms).toISOString());
  const contact = perKey(contactOf);
  const staff = perKey(staffOf);
  const kind = perKey((_row, type: string | null) => (type ? text(type) : 'null'));
  const out = new Bytes().text('{"appointments":[');
  rows.forEach((row, index) => {
    const [id, startMs, endMs, wallStart, wallEnd, status, notes, confirmation, type, patientId] = row;
    const [, , , , , , , , , , , , providerId, , operatoryId] = row;
    if (index > 0) out.add(COMMA);
    out.add(OPEN).text(id).add(START).add(iso(startMs, row)).add(END).add(iso(endMs, row));
    out.add(WALL_START).text(wallStart).add(WALL_END).text(wallEnd).add(QUOTE);
    out
      .add(contact(patientId, row))
      .add(staff(`${providerId}|${operatoryId}`, row))
      .add(kind(type, row));
    out.add(NOTES).text(text(notes)).add(STATUS.get(status)!).text(text(confirmation)).add(CLOSE);
  });
  return out.text(`],"time_zone":${text(timeZone)}}`).done();
}
