/**
 * What both sides of document extraction share: the worker thread that reads a document and the
 * api thread that turns its answer into a reply. Kept free of imports so the worker loads little.
 */

/** Characters of extracted text kept per document (a reference far longer than any call). */
export const MAX_DOCUMENT_TEXT_CHARS = 1_000_000;

/** Why a document was refused; the api thread maps each to a status and a DOCUMENT_TEXTS entry. */
export const DOCUMENT_REFUSALS = [
  'unsupported',
  'unreadable',
  'noText',
  'xmlTooLarge',
  'inflateRatio',
] as const;
export type DocumentRefusalReason = (typeof DOCUMENT_REFUSALS)[number];

/** Thrown inside the worker for a document that is refused (not for a fault of the server). */
export class DocumentRefusal extends Error {
  constructor(readonly reason: DocumentRefusalReason) {
    super(reason);
    this.name = 'DocumentRefusal';
  }
}

/** A control character other than tab, line feed, form feed and carriage return (binary data). */
export const isBinaryByte = (b: number) =>
  b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f;
