// An object literal that starts with a spread and goes on with fields (`{ ...context, action, route }`), against
// the same object built other ways (ADR 066). On Node 20 the first shape makes V8 keep every object it makes
// past young collections; on Node 24 the shapes cost the same. Each shape builds 300,000 objects of eleven fields
// from a three-field context, the last one kept (as a request's audit entry is, for a moment) amid small garbage.
// Run with `npm run bench -- object-spread`.
import { constants, PerformanceObserver } from 'node:perf_hooks';

const COUNT = 300_000;
type Context = { clientAddress: string; userAgent: string; requestId: string };
const context = (i: number): Context => ({
  clientAddress: '127.0.0.1',
  userAgent: 'bench',
  requestId: `r-${i}`,
});
const fields = (i: number) => ({
  actor: null,
  practiceId: null,
  action: 'patient_data.read',
  outcome: 'allowed',
  resourceType: 'patient_data',
  resourceId: null,
  route: `POST /webhook ${i % 7}`,
  detail: null,
});

// The fields are written out in each shape: built any other way, it would measure another shape.
const shapes: [string, (i: number) => object][] = [
  [
    '{ ...context, field, … } (spread first)',
    (i) => ({
      ...context(i),
      actor: null,
      practiceId: null,
      action: 'patient_data.read',
      outcome: 'allowed',
      resourceType: 'patient_data',
      resourceId: null,
      route: `POST /webhook ${i % 7}`,
      detail: null,
    }),
  ],
  [
    '{ field, …, ...context } (spread last)',
    (i) => ({
      actor: null,
      practiceId: null,
      action: 'patient_data.read',
      outcome: 'allowed',
      resourceType: 'patient_data',
      resourceId: null,
      route: `POST /webhook ${i % 7}`,
      detail: null,
      ...context(i),
    }),
  ],
  ['Object.assign({}, context, { field, … })', (i) => Object.assign({}, context(i), fields(i))],
];

let minorPauseMs = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR)
      minorPauseMs += entry.duration;
});
observer.observe({ entryTypes: ['gc'] });

let kept: object | undefined;
const garbage: object[] = [];
function build(make: (i: number) => object) {
  for (let i = 0; i < COUNT; i++) {
    kept = make(i);
    for (let j = 0; j < 20; j++) garbage.push({ j });
    garbage.length = 0;
  }
}

console.log(`Objects of eleven fields from a three-field context, ${COUNT} each, node ${process.version}`);
console.log('| shape | ms | young-collection pauses, ms |');
console.log('| --- | --- | --- |');
for (const [label, make] of shapes) {
  build(make); // warm-up: the code compiled, the young generation at its size
  await new Promise((resolve) => setTimeout(resolve, 50));
  minorPauseMs = 0;
  const start = performance.now();
  build(make);
  const ms = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 50)); // the observer's entries arrive after the run
  console.log(`| ${label} | ${Math.round(ms)} | ${Math.round(minorPauseMs)} |`);
}
observer.disconnect();
if (!kept) throw new Error('nothing was built');
