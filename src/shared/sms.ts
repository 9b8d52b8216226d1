/**
 * How long a text is on the phone network. GSM-7 texts carry 160 characters in one segment (153 per segment
 * when split); a single character outside GSM-7 makes the whole text UCS-2 (70, then 67 per segment).
 * Characters of GSM-7's extension table (`{ } [ ] ~ \ | ^ €`) take two places.
 */

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';
const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

/** The healthcare exemption's limit for reminders and confirmations: one GSM-7 segment. */
export const ONE_SEGMENT = 160;

export interface SmsLength {
  encoding: 'GSM-7' | 'UCS-2';
  /** Places used: GSM-7 extension characters count twice; UCS-2 counts UTF-16 code units. */
  characters: number;
  segments: number;
}

export function smsLength(text: string): SmsLength {
  let gsm = true;
  let places = 0;
  for (const char of text) {
    if (BASIC.has(char)) places += 1;
    else if (EXTENSION.has(char)) places += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    return { encoding: 'GSM-7', characters: places, segments: places <= 160 ? 1 : Math.ceil(places / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', characters: units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** A reminder or confirmation must be one GSM-7 segment. */
export const fitsOneSegment = (text: string): boolean => {
  const length = smsLength(text);
  return length.encoding === 'GSM-7' && length.characters <= ONE_SEGMENT;
};
