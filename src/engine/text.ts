/**
 * The one check for text a client gives Footlight to show (names, labels, string parameters):
 * the console and every agent display it, so it may not hide or reorder what it says.
 */

/** C0 and C1 controls except tab and line feed, and DEL. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the text around them. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/u;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no u flag: code units). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** U+FEFF (byte-order mark, zero-width no-break space). */
const BOM = /\ufeff/u;

const codePoint = (c: string): string => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why `text` cannot be shown as given, or undefined when it can. Refused: unpaired surrogates,
 * NUL and other control characters (tab and line feed are kept), bidi overrides and U+FEFF.
 */
export function displayTextProblem(text: string): string | undefined {
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired surrogate (not valid Unicode text)';
  const control = CONTROL.exec(text);
  if (control !== null) return `contains the control character ${codePoint(control[0])}`;
  const bidi = BIDI.exec(text);
  if (bidi !== null) return `contains the bidi control ${codePoint(bidi[0])}, which reorders the text around it`;
  if (BOM.test(text)) return 'contains U+FEFF (an invisible byte-order mark)';
  return undefined;
}

/** `text` in NFC, the form it is stored and compared in; throws via `refuse` with the reason when it cannot be shown. */
export function displayText(text: string, refuse: (reason: string) => never): string {
  const problem = displayTextProblem(text);
  if (problem !== undefined) refuse(problem);
  return text.normalize('NFC');
}
