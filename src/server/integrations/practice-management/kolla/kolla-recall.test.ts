import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMonthsToDate, instantFromWall } from '../../../lib/wall-time';
import type { PracticeManagement } from '../port';
import { RECALL_LOOKBACK_MONTHS } from '../recall';
import { createKollaAdapter } from './kolla-adapter';
import { fakeAppointment, fakeContact, startFakeKolla, type FakeKolla } from './fake-kolla-server';
import type { KollaAppointment, KollaContact } from './schemas';

/**
 * Recall (issue 24) against the fake Kolla over HTTP: the adapter pages through every appointment of the
 * look-back and ahead (Kolla has no grouped read), groups them by contact with recall.ts's rules, and reads
 * the due patients' contacts for their numbers.
 */

// Monday 2025-07-07, 10:00 in Denver.
const NOW = new Date('2025-07-07T16:00:00Z');
const TODAY = '2025-07-07';
const ZONE = 'America/Denver';
const midnight = (date: string) => instantFromWall(`${date}T00:00:00`, ZONE);
const monthsAgo = (months: number) => addMonthsToDate(TODAY, -months);

let fake: FakeKolla;
let pms: PracticeManagement;
let slot = 0;

beforeEach(async () => {
  fake = await startFakeKolla();
  pms = createKollaAdapter({
    baseUrl: fake.url,
    apiKey: fake.state.apiKey,
    connectorId: fake.state.connectorId,
    consumerId: fake.state.consumerId,
    timeZone: ZONE,
    now: () => NOW,
  });
});
afterEach(() => fake.close());

/** A visit on a date; each at its own hour and provider so none overlap. */
function visit(
  contact: KollaContact,
  date: string,
  fields: Partial<Pick<KollaAppointment, 'cancelled' | 'broken' | 'completed' | 'short_description'>> = {},
) {
  const hour = 8 + (slot++ % 8);
  return fakeAppointment(fake.state, {
    contact,
    providerId: 'provider_2',
    operatoryId: 'operatory_5',
    wallStart: `${date} ${String(hour).padStart(2, '0')}:00:00`,
    minutes: 45,
    short_description: 'dental_cleaning',
    completed: true,
    ...fields,
  });
}

const query = (intervalMonths = 6) => ({
  since: midnight(addMonthsToDate(TODAY, -RECALL_LOOKBACK_MONTHS)),
  dueBefore: midnight(monthsAgo(intervalMonths)),
  now: NOW,
});

describe('dueForRecall over Kolla', () => {
  it('finds who is due by the kept hygiene visits, paging through years of appointments', async () => {
    const ann = fakeContact(fake.state, { given_name: 'Ann', family_name: 'Lee', phone: '(303) 555-0111' });
    const bob = fakeContact(fake.state, { given_name: 'Bob', family_name: 'Ray', phone: '(303) 555-0112' });
    const cid = fakeContact(fake.state, { given_name: 'Cid', family_name: 'Moe', phone: '(303) 555-0113' });
    const dee = fakeContact(fake.state, { given_name: 'Dee', family_name: 'Fox', phone: '(303) 555-0114' });
    const eve = fakeContact(fake.state, { given_name: 'Eve', family_name: 'Lux', phone: '(303) 555-0115' });
    const fay = fakeContact(fake.state, { given_name: 'Fay', family_name: 'Orr', phone: '(303) 555-0116' });
    const gus = fakeContact(fake.state, { given_name: 'Gus', family_name: 'Pym', phone: '(303) 555-0117' });
    // Ann: kept 10 months ago; a broken (no-show) cleaning and a cancelled one since are not kept.
    visit(ann, monthsAgo(10));
    visit(ann, monthsAgo(3), { broken: true, completed: false });
    visit(ann, monthsAgo(2), { cancelled: true, completed: false });
    // Bob: due by his history, but booked ahead (any kind of visit).
    visit(bob, monthsAgo(9));
    visit(bob, addMonthsToDate(TODAY, 1), { short_description: 'Filling', completed: false });
    // Cid: the practice system's own word for a cleaning.
    visit(cid, monthsAgo(12), { short_description: 'Prophy' });
    // Dee: seen within the interval.
    visit(dee, monthsAgo(2), { short_description: 'dental_checkup' });
    // Eve: only a filling.
    visit(eve, monthsAgo(11), { short_description: 'Filling' });
    // Fay: last kept before the look-back; a cancelled one within it.
    visit(fay, monthsAgo(40));
    visit(fay, monthsAgo(8), { cancelled: true, completed: false });
    // Gus: exactly the interval ago is not more than it.
    visit(gus, monthsAgo(6));
    // Years of other patients' visits, so the history takes several pages.
    const crowd = fakeContact(fake.state, { given_name: 'Crowd', family_name: 'Member' });
    for (let i = 0; i < 1100; i++) visit(crowd, addMonthsToDate(monthsAgo(30), Math.floor(i / 40)));

    const due = await pms.dueForRecall(query());
    expect(due.map((d) => [d.patient.name, d.patient.phone, d.lastVisit.wallStart.slice(0, 10)])).toEqual([
      ['Cid Moe', '+13035550113', monthsAgo(12)],
      ['Ann Lee', '+13035550111', monthsAgo(10)],
    ]);
    // The crowd's last visit lies within the interval (not due): every page was read.
    const pages = fake.state.requests.filter((r) => r.method === 'GET' && r.path === '/appointments');
    expect(pages.length).toBe(Math.ceil(fake.state.appointments.length / 500));
    expect(pages.every((r) => r.query.page_size === '500')).toBe(true);
    expect(pages[0]!.query.filter).toContain(`start_time >= '`);
    expect(pages.slice(1).every((r) => r.query.page_token)).toBe(true);
    // Only the due patients' contacts are read, for their numbers.
    expect(
      fake.state.requests
        .filter((r) => r.path.startsWith('/contacts/'))
        .map((r) => r.path)
        .sort(),
    ).toEqual([`/contacts/${ann.remote_id}`, `/contacts/${cid.remote_id}`].sort());
  });

  it('keeps a due patient whose contact is gone, with the name the appointment gives', async () => {
    const ann = fakeContact(fake.state, { given_name: 'Ann', family_name: 'Lee', phone: '(303) 555-0111' });
    visit(ann, monthsAgo(9));
    fake.state.contacts = [];
    const [due] = await pms.dueForRecall(query());
    expect(due!.patient).toEqual({
      remoteId: ann.remote_id,
      givenName: 'Ann',
      familyName: 'Lee',
      name: 'Ann Lee',
    });
  });
});
