/** One speaker turn of a transcript ("AI: …" / "User: …"), with where its text starts in the whole transcript. */
export interface Turn {
  speaker: 'ai' | 'caller';
  text: string;
  /** Offset of `text` in the transcript. */
  offset: number;
}

const AI = /^(?:ai|assistant|bot|agent|receptionist)\s*:\s*/i;
const CALLER = /^(?:user|caller|customer|patient|human)\s*:\s*/i;

/** Splits a transcript into turns; a line without a speaker continues the previous turn. */
export function splitTurns(transcript: string): Turn[] {
  const turns: Turn[] = [];
  let lineStart = 0;
  for (const line of transcript.split('\n')) {
    const start = lineStart;
    lineStart += line.length + 1;
    const ai = AI.exec(line);
    const caller = ai ? null : CALLER.exec(line);
    const prefix = ai ?? caller;
    if (prefix) {
      turns.push({
        speaker: ai ? 'ai' : 'caller',
        text: line.slice(prefix[0].length),
        offset: start + prefix[0].length,
      });
    } else if (line.trim() !== '') {
      const last = turns.at(-1);
      // A transcript with no speaker labels at all is read as the caller speaking.
      if (!last) turns.push({ speaker: 'caller', text: line, offset: start });
      else last.text += ' '.repeat(start - (last.offset + last.text.length)) + line;
    }
  }
  return turns;
}

/** How far back the rules read the words said before a mention (the longest rule reads about 60 characters). */
const LOOK_BACK = 160;

/**
 * The last words said before `end`, whole words, at most about `LOOK_BACK` characters: what the rules ending
 * in `$` read, in a time that does not grow with the turn (a call's transcript can be one long line).
 */
export function wordsBefore(text: string, end: number): string {
  if (end <= LOOK_BACK) return text.slice(0, end);
  const space = text.indexOf(' ', end - LOOK_BACK);
  return text.slice(space < 0 || space >= end ? end - LOOK_BACK : space, end);
}

export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
}

const TOKEN = /[A-Za-z]+(?:['’][A-Za-z]+)?|\d+|[@.,:;\-+()/_?!]/g;

/** Words, digit groups and punctuation of a turn, with offsets in the transcript. */
export function tokenize(turn: Turn): Token[] {
  const tokens: Token[] = [];
  for (const match of turn.text.matchAll(TOKEN)) {
    const text = match[0];
    const start = turn.offset + match.index;
    tokens.push({ text, lower: text.toLowerCase().replace('’', "'"), start, end: start + text.length });
  }
  return tokens;
}
