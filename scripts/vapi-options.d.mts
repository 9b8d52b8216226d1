/** The path of src/shared/vapi-options.ts. */
export const OUTPUT: string;
/** The text scripts/vapi-options.mjs writes there, from the installed SDK. */
export function renderVapiOptions(): Promise<string>;
/** The committed module's text. */
export function readCommitted(): string;
