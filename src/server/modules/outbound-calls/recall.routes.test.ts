import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_MESSAGES, OutboundCallListResponseSchema } from '#shared/schemas/outbound-calls';
import { PHI_WORDS } from '#shared/schemas/messaging';
import {
  RECALL_MESSAGES as R,
  RecallCallsResponseSchema,
  RecallListResponseSchema,
  RecallTextsResponseSchema,
  type RecallPatient,
} from '#shared/schemas/recall';
import { outboundCalls, optOuts } from '../../db/schema/index';
import { setSender, textsTo } from '../../test/messaging';
import { parseResponse } from '../../test/parse-response';
import { createRecallPractice, type RecallPractice } from '../../test/recall-practice';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Recall (issue 24) through the API, on a practice of its own: who is due (the interval's edge, visits that
 * were cancelled, something booked, visits that are not hygiene, the look-back), the search, the practice's
 * interval, who may see it, and "Call selected" / "Text selected" with their limits.
 */
let t: TestApp;
let p: RecallPractice;
const id: Record<string, string> = {};

const PHONES = {
  edgeExactly: '+13125550111',
  edgeOver: '+13125550112',
  nineMonths: '+13125550113',
  checkupKept: '+13125550114',
  bookedAhead: '+13125550115',
  cancelledAhead: '+13125550116',
  recentFilling: '+13125550117',
  onlyFilling: '+13125550118',
  tooOld: '+13125550121',
};

const get = (session: string, q?: string) =>
  t.app.inject({
    method: 'GET',
    url: q === undefined ? '/api/recall' : `/api/recall?q=${encodeURIComponent(q)}`,
    headers: bearer(session),
  });
const list = async (session = p.admin, q?: string) =>
  parseResponse(await get(session, q), RecallListResponseSchema).patients;
const post = (url: string, payload: object, session = p.admin, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), ...(key && { 'idempotency-key': key }) },
    payload,
  });

beforeAll(async () => {
  t = await createTestApp();
  p = await createRecallPractice(t, { number: '+13125550100' });
  const patient = async (key: keyof typeof PHONES, name: string) =>
    (id[key] = await p.patient(name, PHONES[key]));
  // Exactly the interval ago: not more than it, so not due.
  await p.visit(await patient('edgeExactly', 'Edna Exactly'), p.date(6));
  // A day more: due, 0 whole months past due.
  await p.visit(await patient('edgeOver', 'Otto Over'), p.date(6, 1), { time: '11:00' });
  // A cancelled visit is not kept: the one before it counts.
  await patient('nineMonths', 'Nina Nine');
  await p.visit(id.nineMonths!, p.date(9));
  await p.visit(id.nineMonths!, p.date(2), { status: 'cancelled' });
  // A checkup is a hygiene visit; confirmed and over is kept.
  await p.visit(await patient('checkupKept', 'Chet Checkup'), p.date(8), {
    type: 'dental_checkup',
    status: 'confirmed',
  });
  // Anything booked ahead, of any type: not due. Cancelled ahead: still due.
  await patient('bookedAhead', 'Bea Booked');
  await p.visit(id.bookedAhead!, p.date(10));
  await p.visit(id.bookedAhead!, p.date(-1), { type: 'filling', status: 'pending' });
  await patient('cancelledAhead', 'Cal Cancelled');
  await p.visit(id.cancelledAhead!, p.date(10), { time: '13:00' });
  await p.visit(id.cancelledAhead!, p.date(-1), { time: '13:00', status: 'cancelled' });
  // Other visits do not count: a filling since, or only a filling.
  await patient('recentFilling', 'Finn Filling');
  await p.visit(id.recentFilling!, p.date(11));
  await p.visit(id.recentFilling!, p.date(1), { type: 'filling' });
  await p.visit(await patient('onlyFilling', 'Olly Only'), p.date(12), { type: 'filling' });
  // Past the 36 months recall reads.
  await p.visit(await patient('tooOld', 'Theo Old'), p.date(40));
});
afterAll(() => t.close());

const row = (key: keyof typeof PHONES, name: string, lastVisit: string, months: number): RecallPatient => ({
  id: id[key]!,
  name,
  phone_number: PHONES[key],
  last_visit: lastVisit,
  months_overdue: months,
});

describe('GET /api/recall', () => {
  it('lists who is due, most overdue first, by the last kept hygiene visit and nothing booked', async () => {
    expect(await list()).toEqual([
      row('recentFilling', 'Finn Filling', p.date(11), 5),
      row('cancelledAhead', 'Cal Cancelled', p.date(10), 4),
      row('nineMonths', 'Nina Nine', p.date(9), 3),
      row('checkupKept', 'Chet Checkup', p.date(8), 2),
      row('edgeOver', 'Otto Over', p.date(6, 1), 0),
    ]);
  });

  it('searches by name (any case, accents folded) or by digits of the phone number', async () => {
    expect((await list(p.admin, 'NINA')).map((r) => r.name)).toEqual(['Nina Nine']);
    expect((await list(p.admin, '555-0114')).map((r) => r.name)).toEqual(['Chet Checkup']);
    expect(await list(p.admin, 'nobody here')).toEqual([]);
  });

  it("follows the practice's recall interval", async () => {
    const put = (intervalMonths: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/outbound-settings',
        headers: bearer(p.admin),
        payload: { recall: { intervalMonths } },
      });
    expect((await put(10)).statusCode).toBe(200);
    // Cal's last visit is exactly ten months ago: not more than the interval.
    expect((await list()).map((r) => [r.name, r.months_overdue])).toEqual([['Finn Filling', 1]]);
    expect((await put(6)).statusCode).toBe(200);
    expect(await list()).toHaveLength(5);
  });

  it('shows a practice only its own patients', async () => {
    const demo = await list(await t.asAdmin());
    const ours = new Set(Object.values(id));
    expect(demo.some((r) => ours.has(r.id))).toBe(false);
    const own = new Set((await list()).map((r) => r.id));
    expect(demo.some((r) => own.has(r.id))).toBe(false);
  });

  it('refuses a sub user without the Outbound Calls flag, and bad input with a clear 400', async () => {
    const frontDesk = await t.asFrontDesk();
    expect((await get(frontDesk)).statusCode).toBe(403);
    expect((await post('/api/recall/calls', { patient_ids: ['x'] }, frontDesk)).statusCode).toBe(403);
    expect((await post('/api/recall/texts', { patient_ids: ['x'] }, frontDesk)).statusCode).toBe(403);

    const long = await get(p.admin, 'x'.repeat(201));
    expect(long.statusCode).toBe(400);
    const none = await post('/api/recall/calls', { patient_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(OUTBOUND_MESSAGES.noPatientsText);
    const notDue = await post('/api/recall/calls', {
      patient_ids: [id.bookedAhead],
      assistant_id: p.line.assistantId,
      phone_number_id: p.line.phoneNumberId,
    });
    expect(notDue.statusCode).toBe(400);
    expect(notDue.json().message).toBe(R.notDue);
  });
});

describe('POST /api/recall/calls ("Call selected")', () => {
  it('needs an assistant and a number, from the request or the recall settings', async () => {
    const missing = await post('/api/recall/calls', { patient_ids: [id.edgeOver] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(R.noAssistant);
  });

  it('queues one recall call per patient, once per Idempotency-Key, shown in the call history', async () => {
    await p.saveSettings({
      recall: { intervalMonths: 6, automatic: false, maxPerDay: 20, ...p.line },
    });
    const body = { patient_ids: [id.edgeOver, id.nineMonths] };
    const first = parseResponse(
      await post('/api/recall/calls', body, p.admin, 'recall-key-1'),
      RecallCallsResponseSchema,
      202,
    );
    // In the due list's order (most overdue first).
    expect(first.calls.map((c) => [c.patient_name, c.call_type, c.status])).toEqual([
      ['Nina Nine', 'recall', 'pending'],
      ['Otto Over', 'recall', 'pending'],
    ]);
    expect(first.skipped).toEqual([]);
    const again = await post('/api/recall/calls', body, p.admin, 'recall-key-1');
    expect(again.json()).toEqual(first);
    const rows = await t.database.db
      .select()
      .from(outboundCalls)
      .where(and(eq(outboundCalls.practiceId, p.id), eq(outboundCalls.callType, 'recall')));
    expect(rows.map((r) => r.patientId).sort()).toEqual([id.edgeOver, id.nineMonths].sort());
    expect(rows.every((r) => r.assistantId === p.line.assistantId)).toBe(true);
    // The assistant is told when the patient was last seen.
    expect(rows.find((r) => r.patientId === id.nineMonths)!.message).toContain(p.date(9));

    const history = parseResponse(
      await t.app.inject({ method: 'GET', url: '/api/outbound-calls', headers: bearer(p.admin) }),
      OutboundCallListResponseSchema,
    ).calls;
    expect(
      history
        .filter((c) => c.call_type === 'recall')
        .map((c) => c.patient_name)
        .sort(),
    ).toEqual(['Nina Nine', 'Otto Over']);
  });

  it('never calls a patient twice within 30 days, and says why', async () => {
    await t.database.db
      .update(outboundCalls)
      .set({ status: 'completed' })
      .where(eq(outboundCalls.practiceId, p.id));
    const repeat = await post('/api/recall/calls', { patient_ids: [id.nineMonths] });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().message).toBe(R.recentlyCalled('Nina Nine'));
    const mixed = parseResponse(
      await post('/api/recall/calls', { patient_ids: [id.nineMonths, id.checkupKept] }),
      RecallCallsResponseSchema,
      202,
    );
    expect(mixed.calls.map((c) => c.patient_name)).toEqual(['Chet Checkup']);
    expect(mixed.skipped).toEqual([
      { patient_id: id.nineMonths, patient_name: 'Nina Nine', reason: R.recentlyCalled('Nina Nine') },
    ]);
    // Several left out and none queued: the 409 says why, counted.
    const none = await post('/api/recall/calls', { patient_ids: [id.checkupKept, id.nineMonths] });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(R.noneQueued('2 called for recall in the last 30 days'));
  });
});

describe('POST /api/recall/texts ("Text selected")', () => {
  it('says why, counted, when none of several patients can be texted', async () => {
    const none = await post('/api/recall/texts', { patient_ids: [id.recentFilling, id.cancelledAhead] });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(R.noneTexted('no sender number is set in the messaging settings'));
  });

  it('texts the recall template with the first name only, once within 30 days, never to an opt-out', async () => {
    await setSender(t, p.admin, '+13125550100');
    await t.database.db
      .insert(optOuts)
      .values({ practiceId: p.id, phoneNumber: PHONES.cancelledAhead, keyword: 'STOP' });
    const sent = parseResponse(
      await post('/api/recall/texts', { patient_ids: [id.recentFilling, id.cancelledAhead] }),
      RecallTextsResponseSchema,
      202,
    );
    expect(sent.texts).toBe(1);
    expect(sent.skipped).toEqual([
      {
        patient_id: id.cancelledAhead,
        patient_name: 'Cal Cancelled',
        reason: 'Cal Cancelled has opted out of texts from the practice, so no recall text was sent.',
      },
    ]);
    const [text] = await textsTo(t, p.id, PHONES.recentFilling);
    expect(text).toMatchObject({ kind: 'recall' });
    expect(text!.body).toMatch(/^Hi Finn, /);
    for (const word of PHI_WORDS) expect(text!.body.toLowerCase()).not.toContain(word);

    const again = await post('/api/recall/texts', { patient_ids: [id.recentFilling] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(R.recentlyTexted('Finn Filling'));
    const neither = await post('/api/recall/texts', { patient_ids: [id.cancelledAhead, id.recentFilling] });
    expect(neither.statusCode).toBe(409);
    expect(neither.json().message).toBe(
      R.noneTexted('1 texted for recall in the last 30 days, 1 opted out of texts'),
    );
    expect(await textsTo(t, p.id, PHONES.recentFilling)).toHaveLength(1);
  });

  it('texts again once 30 days have passed', async () => {
    t.clock.advanceMinutes(31 * 24 * 60);
    const later = parseResponse(
      await post('/api/recall/texts', { patient_ids: [id.recentFilling] }, await p.asAdmin()),
      RecallTextsResponseSchema,
      202,
    );
    expect(later.texts).toBe(1);
    expect(await textsTo(t, p.id, PHONES.recentFilling)).toHaveLength(2);
  });
});
