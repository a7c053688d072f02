// What a business needs before an administrator may verify it (the specification's FAQ:
// registration documents and tax identification), said once for the server's refusal, the
// administrator's disabled Verify button and the business's own checklist.

export const REQUIRED_DOCUMENT_KINDS = ['registration', 'tax'] as const;
export type TRequiredDocumentKind = (typeof REQUIRED_DOCUMENT_KINDS)[number];

const REQUIRED_DOCUMENT_NAMES: Record<TRequiredDocumentKind, string> = {
  registration: 'registration certificate',
  tax: 'tax identification',
};

/** The required kinds not among the uploaded ones, in a fixed order. */
export function missingRequiredDocuments(uploadedKinds: readonly string[]): TRequiredDocumentKind[] {
  return REQUIRED_DOCUMENT_KINDS.filter((kind) => !uploadedKinds.includes(kind));
}

/** "registration certificate and tax identification". */
export function requiredDocumentNames(kinds: readonly TRequiredDocumentKind[]): string {
  return kinds.map((kind) => REQUIRED_DOCUMENT_NAMES[kind]).join(' and ');
}
