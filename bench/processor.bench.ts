// Transcript analysis (issue 15): transcripts analysed per second on one core (goal >= 1,000/s), and the
// per-field precision and recall on the tuning corpus fixtures/processor/transcripts.json and on the held-out
// corpus fixtures/processor/heldout.json (written apart from the rules, never tuned on). Pure CPU: no database, no network.
// Run with `npm run bench -- processor`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeTranscript } from '../src/server/modules/processor/analysis/analyze-transcript';
import { scoreCorpus, type CorpusItem } from '../src/server/modules/processor/analysis/corpus-score';

const corpus = (file: string) =>
  JSON.parse(readFileSync(path.resolve('fixtures/processor', file), 'utf8')) as CorpusItem[];
const items = corpus('transcripts.json');
const inputs = items.map((item) => ({
  transcript: item.transcript,
  context: { callStartedAt: new Date(item.callStartedAt), timeZone: item.timeZone },
}));

function analyseFor(ms: number): number {
  let done = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    for (const input of inputs) analyzeTranscript(input.transcript, input.context);
    done += inputs.length;
  }
  return done;
}

analyseFor(2_000); // warm-up: JIT and chrono's lazily built parsers
const seconds = 10;
const started = performance.now();
const cpuBefore = process.cpuUsage();
const done = analyseFor(seconds * 1000);
const cpu = process.cpuUsage(cpuBefore);
const wallPerSecond = Math.round(done / ((performance.now() - started) / 1000));
// Per second of CPU time this process used: what one core does, even when the machine is shared.
const perSecond = Math.round(done / ((cpu.user + cpu.system) / 1e6));
const chars = Math.round(items.reduce((n, i) => n + i.transcript.length, 0) / items.length);

console.log(`\nTranscript analysis, one core (${items.length} transcripts, ${chars} characters on average)`);
console.log('| what | transcripts per CPU second | µs CPU per transcript | transcripts per wall second |');
console.log('| --- | --- | --- | --- |');
console.log(`| analyzeTranscript | ${perSecond} | ${Math.round(1e6 / perSecond)} | ${wallPerSecond} |`);
console.log(`Goal >= 1,000/s: ${perSecond >= 1000 ? 'met' : 'NOT met'}`);

// A call's transcript can come as one line ("AI: … User: …", as in Vapi's docs) of any length up to the
// webhook's 1 MB: the time per kilobyte must stay flat as it grows (it was quadratic: 4 s at 280 KB).
const oneLine = inputs.map((input) => input.transcript.replace(/\n/g, ' ')).join(' ');
console.log('\nOne-line transcripts (the corpus joined), median of 3');
console.log('| size | ms | ms per 100 KB |');
console.log('| --- | --- | --- |');
for (const kb of [100, 200, 400, 800]) {
  const transcript = oneLine.repeat(Math.ceil((kb * 1000) / oneLine.length)).slice(0, kb * 1000);
  const times = [0, 1, 2].map(() => {
    const start = performance.now();
    analyzeTranscript(transcript, inputs[0]!.context);
    return performance.now() - start;
  });
  const ms = times.sort((a, b) => a - b)[1]!;
  console.log(`| ${kb} KB | ${Math.round(ms)} | ${Math.round((ms * 100) / kb)} |`);
}

function printScores(title: string, set: CorpusItem[]) {
  const { fields } = scoreCorpus(set);
  console.log(
    `\n${title} (${set.length} transcripts, ${set.filter((i) => !i.expected).length} without a request)`,
  );
  console.log('| field | precision | recall | right | wrong or extra | missed |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [field, s] of Object.entries(fields))
    console.log(
      `| ${field} | ${s.precision.toFixed(2)} | ${s.recall.toFixed(2)} | ${s.truePositives} | ${s.falsePositives} | ${s.falseNegatives} |`,
    );
}
printScores('Per-field precision and recall, tuning corpus', items);
printScores('Held out (never tuned on)', corpus('heldout.json'));
