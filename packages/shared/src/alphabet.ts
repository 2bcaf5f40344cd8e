import type { Language } from './messages.js';

/**
 * Azerbaijani alphabetical order in JavaScript (decision 014): A B C Ç D E Ə F G Ğ H X I İ J K Q
 * L M N O Ö P R S Ş T U Ü V Y Z — the order the database's az_icu collation gives (migration
 * 0010). `Intl.Collator('az')` would do where the runtime has ICU's Azerbaijani data, but browsers
 * may not carry it (Debian's Chromium falls back to English: Ç among the Cs, X after W), and a
 * list the server renders must come out the same in the browser; so the order is written here.
 */

/** The alphabet, lowercase, in order; w, which it lacks, after z (as ICU puts it). */
const LETTERS = 'abcçdeəfgğhxıijkqlmnoöprsştuüvyzw';
const RANK = new Map([...LETTERS].map((letter, i) => [letter, i]));

// Weight classes, as ICU orders them: spaces and punctuation, then digits, then the alphabet,
// then the letters of other scripts (each class above every code point of the one before).
const DIGIT = 0x200000;
const LETTER = 2 * DIGIT;
const OTHER_LETTER = 3 * DIGIT;

/** Lowercase as Azerbaijani does: I → ı, İ → i (JavaScript's default makes I an i). */
function azLower(text: string): string {
  return text.replace(/I/g, 'ı').replace(/İ/g, 'i').toLowerCase();
}

/** The letters' weights: what makes two names differ before case and accents do. */
function weights(text: string): number[] {
  const out: number[] = [];
  for (const char of azLower(text.normalize('NFC'))) {
    // A letter of the alphabet, or a Latin letter with an accent the alphabet lacks (é as e).
    const rank = RANK.get(char) ?? RANK.get(char.normalize('NFD').charAt(0));
    const code = char.codePointAt(0) as number;
    if (rank !== undefined) out.push(LETTER + rank);
    else if (/\p{M}/u.test(char)) continue;
    else if (/\p{Nd}/u.test(char)) out.push(DIGIT + code);
    else if (/\p{L}/u.test(char)) out.push(OTHER_LETTER + code);
    else out.push(code);
  }
  return out;
}

/**
 * Compares two texts in Azerbaijani alphabetical order: letters first (case and accents aside),
 * then lowercase before uppercase, then code points, so that the order is total and the same on
 * every runtime.
 */
export function compareAz(a: string, b: string): number {
  const x = weights(a);
  const y = weights(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  }
  if (x.length !== y.length) return x.length - y.length;
  const p = [...a.normalize('NFC')];
  const q = [...b.normalize('NFC')];
  for (let i = 0; i < Math.min(p.length, q.length); i++) {
    const c = p[i] as string;
    const d = q[i] as string;
    if (c === d) continue;
    const lowerC = azLower(c) === c;
    const lowerD = azLower(d) === d;
    if (lowerC !== lowerD) return lowerC ? -1 : 1;
    return (c.codePointAt(0) as number) - (d.codePointAt(0) as number);
  }
  return p.length - q.length;
}

/** How a list in `language` is put in alphabetical order: Azerbaijani's own, else ICU's for the language. */
export function textComparer(language: Language): (a: string, b: string) => number {
  return language === 'az' ? compareAz : new Intl.Collator(language).compare;
}
